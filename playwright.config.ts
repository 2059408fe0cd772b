// Dashboard tests: @playwright/test driving Debian's Chromium (never a browser download)
// against the real built server on a fresh PostgreSQL database (tests/e2e/global-setup.ts).
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./tests/helpers/browser.ts";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.e2e.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: ".test-results/playwright",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two cores and one shared server: two browsers at a time.
  workers: 2,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: ".test-results/playwright.json" }]],
  use: {
    browserName: "chromium",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
