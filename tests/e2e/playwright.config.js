// Playwright configuration for every end-to-end test in tests/e2e (web page and
// extension specs alike). Browsers are never downloaded: tests use Debian's
// Chromium at /usr/bin/chromium (installed by scripts/setup.sh).
// Run: npx playwright test --config tests/e2e/playwright.config.js
const { defineConfig } = require('@playwright/test');

module.exports = defineConfig({
  testDir: __dirname,
  testMatch: /.*\.spec\.js$/,
  workers: 1,
  fullyParallel: false,
  timeout: 300_000, // generous: the benchmark page runs a whole corpus in one test
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    },
  },
});
