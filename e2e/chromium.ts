/**
 * How every browser run here launches Chromium: Debian's `/usr/bin/chromium` (never a downloaded
 * browser), as root without the sandbox, and with the background services that this closed network
 * refuses turned off. Shared by playwright.config.ts, playwright.preview.config.ts and the scripts
 * that drive a browser (screenshots, reading audit).
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
