// Browser tests drive Debian's Chromium (no Playwright browser download) against the real server
// started by global-setup.ts; the base URL is known only once that server listens.
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './chromium.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results',
  globalSetup: './global-setup.ts',
  workers: 2,
  retries: 0,
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  // Generous: axe over a 300-player report takes tens of seconds on a busy 2-core machine.
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Screen baselines (screenshots.spec.ts), committed beside the specs. The same Debian Chromium
    // and fonts draw the same pixels; 1 % leaves room for anti-aliasing at glyph edges, and no more:
    // 4 px more padding around a report's filters changes only 1.6 to 3.3 % of a 1280 px screen.
    toHaveScreenshot: {
      pathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
      animations: 'disabled',
      caret: 'hide',
      maxDiffPixelRatio: 0.01,
    },
  },
  use: {
    baseURL: process.env.BACKLINE_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
});
