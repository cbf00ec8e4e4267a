import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/chromium';
import { defineConfig, devices } from '@playwright/test';

/**
 * The preview test (e2e/preview.preview.ts, `npm run test:preview`): it starts `npm start`
 * (`docusaurus start`) itself in a temporary copy of the site, so there is no web server here.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.preview\.ts$/,
  workers: 1,
  retries: 0,
  failOnFlakyTests: true,
  timeout: 240_000,
  // The preview compiles on demand on a shared 2-core machine: give it time, it is what is measured.
  expect: { timeout: 30_000 },
  reporter: 'list',
  use: {
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
