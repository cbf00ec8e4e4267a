// Fixed secrets: this application only ever runs inside the test harness, on loopback.
module.exports = () => ({
  auth: { secret: 'test-admin-jwt-secret' },
  apiToken: { salt: 'test-api-token-salt' },
  transfer: { token: { salt: 'test-transfer-token-salt' } },
  secrets: { encryptionKey: 'test-encryption-key-32-characters' },
  // A listening instance in development with no admin user would open a browser on the admin panel.
  autoOpen: false,
});
