/**
 * Playwright Test configuration: https://playwright.dev/docs/test-configuration
 * The browser tests in e2e/ run in Debian's Chromium against `gatsby build`
 * served by our production server, both started by e2e/support/global-setup.ts.
 */
import { defineConfig } from "@playwright/test"
import { chromiumArgs, chromiumPath } from "./e2e/support/chromium"

export default defineConfig({
  testDir: "e2e",
  testMatch: "*.spec.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    serviceWorkers: "block",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
})
