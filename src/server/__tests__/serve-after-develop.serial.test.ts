/**
 * @jest-environment node
 *
 * An editor previews with `npm run develop`, then serves the last build
 * with `npm run serve`: the production server depends on no file that
 * `gatsby develop` rewrites, so the pages and the waitlist still work.
 * While develop runs, a legal text with an impossible date and raw HTML
 * shows its problems on the page in the browser, never a rolled-over date,
 * and the admin's Function answers every path under /api/admin/.
 * (It runs on its own, after the other suites, because develop rewrites
 * Gatsby's cache.)
 */
import { spawn } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { chromium } from "@playwright/test"
import { chromiumArgs, chromiumPath } from "../../../e2e/support/chromium"
import { parseHtml } from "../../../test/support/built-pages"
import { freePort } from "../../../test/support/free-port"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { startSiteServer } from "../../../test/support/site-server-process"
import { entryFor, postJson } from "../../../test/support/waitlist-api-client"

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `gatsby develop` until it serves the landing page, runs `whileUp` against it, then stops it. */
async function developOnce(whileUp: (url: string) => Promise<void>): Promise<void> {
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
      if (answer?.ok) return await whileUp(`http://127.0.0.1:${port}`)
      if (waited > 180_000) throw new Error("gatsby develop did not serve within 3 minutes")
      await pause(500)
    }
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM")
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))
  }
}

const POLICY = path.join(PROJECT_ROOT, "content", "legal", "privacy-policy.md")

/** What an editor sees of a page under develop, in Chromium: its alert and its text. */
async function seenInBrowser(url: string): Promise<{ alert: string; text: string }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const page = await browser.newPage()
    await page.goto(url)
    const alert = page.getByRole("alert").first()
    await alert.waitFor({ timeout: 120_000 })
    return { alert: await alert.innerText(), text: await page.locator("body").innerText() }
  } finally {
    await browser.close()
  }
}

describe("npm run serve after npm run develop", () => {
  it("shows a legal text's impossible date and raw HTML on the page under develop, then serves the last build's pages and takes sign-ups", async () => {
    await ensureProductionBuild()
    const original = fs.readFileSync(POLICY, "utf8")
    let seen = { alert: "", text: "" }
    const admin: { path: string; status: number; body: string }[] = []
    try {
      fs.writeFileSync(POLICY, `${original.replace("effectiveDate: 2027-01-15", "effectiveDate: 2025-02-30").trimEnd()}\n\n<span style="color: red">Read this</span>\n`)
      await developOnce(async (url) => {
        seen = await seenInBrowser(`${url}/privacy-policy`)
        // The admin's splat Function takes every path under /api/admin/ to its handler (once develop has compiled the Functions, which it finishes after serving pages).
        for (let waited = 0; waited < 60_000 && !(await fetch(`${url}/api/admin/session`)).headers.get("content-type")?.startsWith("application/json"); waited += 500) await pause(500)
        for (const path of ["session", "people/ana%40example.com", "announcements/launch/preview/en", "nothing-here"]) {
          const answer = await fetch(`${url}/api/admin/${path}`)
          admin.push({ path, status: answer.status, body: await answer.text() })
        }
      })
    } finally {
      fs.writeFileSync(POLICY, original)
    }
    expect(admin).toEqual([
      { path: "session", status: 401, body: '{"error":"Log in to use the admin."}' },
      { path: "people/ana%40example.com", status: 401, body: '{"error":"Log in to use the admin."}' },
      { path: "announcements/launch/preview/en", status: 401, body: '{"error":"Log in to use the admin."}' },
      { path: "nothing-here", status: 404, body: '{"error":"There is no such admin route."}' },
    ])
    expect(seen.alert).toContain("content/legal/privacy-policy.md")
    expect(seen.alert).toContain('its `effectiveDate` "2025-02-30" is not a real date written as YYYY-MM-DD')
    const htmlLine = original.trimEnd().split("\n").length + 2
    expect(seen.alert).toContain(`line ${htmlLine} holds raw HTML (\`<span style="color: red">\`): a legal text is Markdown only`)
    expect(seen.text).toContain("Effective 2025-02-30")
    expect(seen.text).not.toContain("March")
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
