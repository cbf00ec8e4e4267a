import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/chromium';
import { defineConfig, devices } from '@playwright/test';

/** Port and folder of the locally served production build; overridable to run suites side by side. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const CI = Boolean(process.env.CI);
/** URL of a server that is already running (nginx in scripts/nginx-test.sh): then no web server is started. */
const EXTERNAL_BASE_URL = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: './e2e',
  // security.spec.ts checks the production server's headers; scripts/nginx-test.sh runs it there.
  testIgnore: EXTERNAL_BASE_URL ? [] : ['**/security.spec.ts'],
  forbidOnly: CI,
  // A test that fails once fails the run: no retry, and a retry asked for on the command line
  // (--retries) still cannot turn a failure into a pass (docs-dev/testing.md, "No retries").
  retries: 0,
  failOnFlakyTests: true,
  workers: 2,
  timeout: 60_000,
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: EXTERNAL_BASE_URL ?? `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: EXTERNAL_BASE_URL
    ? undefined
    : {
        command: `npx docusaurus serve --dir ${BUILD_DIR} --port ${PORT} --host 127.0.0.1 --no-open`,
        url: `http://127.0.0.1:${PORT}/`,
        reuseExistingServer: !CI,
        timeout: 60_000,
      },
});
