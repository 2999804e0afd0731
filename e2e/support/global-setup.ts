/**
 * Playwright's global setup (https://playwright.dev/docs/test-global-setup-teardown):
 * checks the browser, builds the site when its build is stale, and starts
 * the production server on a throwaway SQLite waitlist with no rate limit,
 * its mails written as files to a throwaway folder.
 * The returned function is the teardown.
 *
 * The project's build lock is held from the build until the teardown, so
 * that no other build (the Jest suites', say) rewrites public/ while the
 * suite is looking at it. E2E_REUSE_BUILD=1 tests the build that is there.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { takeBuildLock } from "../../test/support/build-lock"
import { buildIfStale, LAST_BUILD_OUTPUT } from "../../test/support/production-build"
import { PROJECT_ROOT } from "../../test/support/project-root"
import { startSiteServer } from "../../test/support/site-server-process"
import { ensureChromium } from "./chromium"

export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureChromium()
  const releaseLock = await takeBuildLock()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storyling-e2e-"))
  const cleanUp = () => {
    releaseLock()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    if (process.env.E2E_REUSE_BUILD === "1" && fs.existsSync(path.join(PROJECT_ROOT, LAST_BUILD_OUTPUT))) {
      console.log("E2E_REUSE_BUILD=1: testing the build that is there")
    } else {
      await buildIfStale()
    }
    const databasePath = path.join(dataDir, "waitlist.sqlite")
    // No SMTP server: mails are written as .eml files, where the tests of the mails' links read them.
    const outboxDir = path.join(dataDir, "outbox")
    const site = await startSiteServer(
      { WAITLIST_DB_PATH: databasePath, WAITLIST_RATE_LIMIT: "0", MAIL_OUTBOX_DIR: outboxDir },
      { echoComplaints: true },
    )
    // Should the runner exit without its teardown, leave no server, lock or data behind.
    process.once("exit", () => {
      void site.kill()
      cleanUp()
    })
    // Workers start after this and inherit the environment.
    process.env.E2E_BASE_URL = site.url
    process.env.E2E_WAITLIST_DB_PATH = databasePath
    process.env.E2E_MAIL_OUTBOX_DIR = outboxDir
    console.log(`Testing the production server at ${site.url}`)
    return async () => {
      await site.stop()
      cleanUp()
    }
  } catch (error) {
    cleanUp()
    throw error
  }
}
