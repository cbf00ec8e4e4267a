/** The harness a claims file imports: see README.md in strapi-app/ for how to write one. */
export { claim, defect, type ClaimSpec, type DefectSpec } from './claims';
export { appVariant, bootStrapi, freePort, settle, stopStrapi, type BootOptions } from './boot';
export { codeBlock, codeBlocksOf, runExample, type CodeBlock } from './examples';
export { outbound, clearOutbound, respondToOutbound, type OutboundRequest } from './network';
export { runStrapiCli, startStrapiProcess, type CliResult, type StrapiProcess } from './processes';
export { superAdmin } from './fixtures';
export { goldFeatures } from './features';
export {
  adminLogin,
  baseUrl,
  editor,
  superAdminClient,
  waitFor,
  type AdminClient,
  type AdminResponse,
  type PermissionInput,
} from './admin';
export { usePostgres } from './postgres';
export { RELEASE_UID, releaseRow, releaseStatus, waitForReleaseStatus } from './releases';
export { APP_DIR, REPO_ROOT, STATE_DIR } from './paths';
export {
  addLocalPlugin,
  captureConsole,
  catchUnhandledRejections,
  exampleToJs,
  jestGlobals,
  keepingProcessListeners,
  prepareStrapiEnvironment,
  requireCore,
  supertestLike,
  type ConsoleLine,
  type SimpleResponse,
} from './extras';
export { addPluginWithServer } from './local-plugin';
export { jestRecorder } from './jest';
export { adminSession, adminUserWithRole, sendJson, type AdminSession, type Json, type SessionResponse } from './admin-session';
