/**
 * The child process of `startStrapiProcess()` (processes.ts): boots the application listening on
 * a free loopback port (its database was prepared by the parent), runs the optional setup module,
 * prints one `STRAPI_CHILD_READY {"port":...,"data":...}` line, and stops on SIGTERM.
 */
import { bootStrapi, stopStrapi } from './boot';

interface ChildOptions {
  name: string;
  ee?: boolean;
  appDir?: string;
  setup?: string;
}

async function main() {
  const options = JSON.parse(process.env.STRAPI_CHILD_OPTIONS ?? '{}') as ChildOptions;
  const strapi = await bootStrapi({ name: options.name, keepDatabase: true, ee: options.ee, appDir: options.appDir, listen: true });
  let data: unknown = null;
  if (options.setup) {
    const mod = require(options.setup);
    data = await (mod.default ?? mod)(strapi);
  }
  const port = strapi.config.get('server.port');
  process.stdout.write(`STRAPI_CHILD_READY ${JSON.stringify({ port, data })}\n`);
  const stop = async () => {
    await stopStrapi(strapi);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
