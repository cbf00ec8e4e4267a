// The harness keeps Strapi quiet while the tests run; a test that reads the logs sets the level it needs.
module.exports = ({ env }) => ({ level: env('STRAPI_TEST_LOG_LEVEL', 'error') });
