/**
 * @jest-environment node
 *
 * An editor previews with `npm run develop`, then serves the last build
 * with `npm run serve`: the production server depends on no file that
 * `gatsby develop` rewrites, so the pages and the waitlist still work.
 * (It runs on its own, after the other suites, because develop rewrites
 * Gatsby's cache.)
 */
import { spawn } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { parseHtml } from "../../../test/support/built-pages"
import { freePort } from "../../../test/support/free-port"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { startSiteServer } from "../../../test/support/site-server-process"
import { entryFor, postJson } from "../../../test/support/waitlist-api-client"

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `gatsby develop` until it serves the landing page, then stops it. */
async function developOnce(): Promise<void> {
  const port = await freePort()
  const child = spawn(path.join(PROJECT_ROOT, "node_modules", ".bin", "gatsby"), ["develop", "--port", String(port), "--host", "127.0.0.1"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: "development", CI: "1" },
    stdio: "ignore",
    detached: true,
  })
  try {
    for (let waited = 0; ; waited += 500) {
      if (child.exitCode !== null) throw new Error(`gatsby develop exited with ${child.exitCode}`)
      const answer = await fetch(`http://127.0.0.1:${port}/`).catch(() => null)
      if (answer?.ok) return
      if (waited > 180_000) throw new Error("gatsby develop did not serve within 3 minutes")
      await pause(500)
    }
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM")
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))
  }
}

describe("npm run serve after npm run develop", () => {
  it("serves the last build's pages and takes sign-ups", async () => {
    await ensureProductionBuild()
    await developOnce()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "serve-after-develop-"))
    const site = await startSiteServer({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") })
    try {
      const contact = await fetch(`${site.url}/contact`)
      expect(contact.status).toBe(200)
      const scripts = [...parseHtml(await contact.text()).querySelectorAll("script[src]")].map((script) => script.getAttribute("src"))
      expect(scripts).toEqual([expect.stringMatching(/^\/island-contact-form-[A-Z0-9]{8}\.js$/)])
      expect((await fetch(`${site.url}${scripts[0] ?? ""}`)).status).toBe(200)
      expect((await postJson(site, entryFor("after-develop@example.com"))).status).toBe(201)
    } finally {
      await site.stop()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 10 * 60_000)
})
