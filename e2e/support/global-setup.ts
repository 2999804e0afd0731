/**
 * Playwright's global setup (https://playwright.dev/docs/test-global-setup-teardown):
 * checks the browser, builds the site and starts the production server.
 * The returned function is the teardown.
 *
 * The project's build lock is held from the build until the teardown, so
 * that no other build (the API tests', say) rewrites public/ while the
 * suite is looking at it.
 */
import { takeBuildLock } from "./build-lock"
import { ensureChromium } from "./chromium"
import { buildSite, projectRoot } from "./site-build"
import { startSite } from "./site-server"

export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureChromium()
  const releaseLock = await takeBuildLock(projectRoot)
  try {
    buildSite()
    const site = await startSite()
    // Should the runner exit without its teardown, leave no server or lock behind.
    process.once("exit", () => {
      site.abandon()
      releaseLock()
    })
    // Workers start after this and inherit the environment.
    process.env.E2E_BASE_URL = site.url
    process.env.E2E_WAITLIST_DB_PATH = site.databasePath
    console.log(`Testing the production server at ${site.url}`)
    return async () => {
      await site.stop()
      releaseLock()
    }
  } catch (error) {
    releaseLock()
    throw error
  }
}
