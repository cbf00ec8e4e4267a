// The database the executed claims run on. STRAPI_TEST_DB picks the client (harness/database.ts sets
// it and the connection variables for each test file): "sqlite" (the default, a file per test file)
// or "postgres" (a private cluster the harness starts on 127.0.0.1).
module.exports = ({ env }) => {
  if (env('STRAPI_TEST_DB', 'sqlite') === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          host: env('DATABASE_HOST', '127.0.0.1'),
          port: env.int('DATABASE_PORT', 5432),
          database: env('DATABASE_NAME', 'strapi'),
          user: env('DATABASE_USERNAME', 'postgres'),
          password: env('DATABASE_PASSWORD', ''),
        },
      },
    };
  }
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: env('DATABASE_FILENAME', '.tmp/data.db') },
      useNullAsDefault: true,
    },
  };
};
