module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  app: { keys: ['test-app-key-one', 'test-app-key-two'] },
  // The harness gives every instance its own public folder (uploads land in <public>/uploads).
  dirs: { public: env('STRAPI_TEST_PUBLIC_DIR', './public') },
});
