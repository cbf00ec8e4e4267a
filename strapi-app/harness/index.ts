/** The harness a claims file imports: see README.md in strapi-app/ for how to write one. */
export { claim, defect, type ClaimSpec, type DefectSpec } from './claims';
export { appVariant, bootStrapi, freePort, settle, stopStrapi, type BootOptions } from './boot';
export { codeBlock, codeBlocksOf, runExample, type CodeBlock } from './examples';
export { outbound, clearOutbound, respondToOutbound, type OutboundRequest } from './network';
export { runStrapiCli, startStrapiProcess, type CliResult, type StrapiProcess } from './processes';
export { superAdmin } from './fixtures';
export { APP_DIR, REPO_ROOT, STATE_DIR } from './paths';
export { addLocalPlugin } from './local-plugin';
export { jestGlobals } from './jest';
export {
  adminSession,
  adminUserWithRole,
  baseUrl,
  sendJson,
  type AdminResponse,
  type AdminSession,
  type Json,
  type PermissionInput,
} from './admin';
