/**
 * @jest-environment node
 *
 * An editor previews with `npm run develop`, then serves the last build
 * with `npm run serve`: the production server depends on no file that
 * `gatsby develop` rewrites, so the pages and the waitlist still work.
 * While develop runs, a legal text with an impossible date and raw HTML
 * shows its problems on the page in the browser, never a rolled-over date,
 * the admin's Function answers every path under /api/admin/, and `/get`
 * sends a phone to its store and shows a desktop its page, whose QR code
 * holds the `/get` of the SITE_URL develop was given.
 * (It runs on its own, after the other suites, because develop rewrites
 * Gatsby's cache.)
 */
import fs from "fs"
import os from "os"
import path from "path"
import { chromium } from "@playwright/test"
import { chromiumArgs, chromiumPath } from "../../../e2e/support/chromium"
import { parseHtml, scriptSources } from "../../../test/support/built-pages"
import { developOnce } from "../../../test/support/gatsby-develop"
import { DESKTOP_CHROME, IPHONE } from "../../../test/support/device-user-agents"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { startSiteServer } from "../../../test/support/site-server-process"
import { entryFor, postJson } from "../../../test/support/waitlist-api-client"
import { siteFacts } from "../../config/site-facts"

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const POLICY = path.join(PROJECT_ROOT, "content", "legal", "privacy-policy.md")

/** An address a preview may be served at, for phones on the same network to open. */
const LAN_ADDRESS = "http://192.0.2.10:8000"

/** The label of the QR code a desktop sees on a page under develop, in Chromium, which names the address it holds. */
async function qrCodeLabel(url: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const page = await browser.newPage({ userAgent: DESKTOP_CHROME })
    await page.goto(url)
    const code = page.getByRole("img", { name: /^QR code of / })
    await code.waitFor({ timeout: 120_000 })
    return (await code.getAttribute("aria-label")) ?? ""
  } finally {
    await browser.close()
  }
}

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
  it(
    "shows a legal text's impossible date and raw HTML on the page under develop, sends a phone on /get to its store, then serves the last build's pages and takes sign-ups",
    async () => {
      await ensureProductionBuild()
      const original = fs.readFileSync(POLICY, "utf8")
      let seen = { alert: "", text: "" }
      let qrCode = ""
      const admin: { path: string; status: number; body: string }[] = []
      const getLink: { who: string; status: number; location: string | null; type: string | null }[] = []
      try {
        fs.writeFileSync(
          POLICY,
          `${original.replace("effectiveDate: 2027-03-01", "effectiveDate: 2025-02-30").trimEnd()}\n\n<span style="color: red">Read this</span>\n`,
        )
        await developOnce(
          async (url) => {
            seen = await seenInBrowser(`${url}/privacy-policy`)
            qrCode = await qrCodeLabel(`${url}/get`)
            // The admin's splat Function takes every path under /api/admin/ to its handler (once develop has compiled the Functions, which it finishes after serving pages).
            for (
              let waited = 0;
              waited < 60_000 &&
              !(await fetch(`${url}/api/admin/session`)).headers.get("content-type")?.startsWith("application/json");
              waited += 500
            )
              await pause(500)
            for (const path of [
              "session",
              "people/ana%40example.com",
              "announcements/launch/preview/en",
              "nothing-here",
            ]) {
              const answer = await fetch(`${url}/api/admin/${path}`)
              admin.push({ path, status: answer.status, body: await answer.text() })
            }
            for (const [who, userAgent] of [
              ["iPhone", IPHONE],
              ["desktop", DESKTOP_CHROME],
            ] as const) {
              const answer = await fetch(`${url}/get?utm_source=poster`, {
                redirect: "manual",
                headers: { "User-Agent": userAgent },
              })
              // Develop's page is its HTML shell, rendered in the browser.
              getLink.push({
                who,
                status: answer.status,
                location: answer.headers.get("location"),
                type: answer.headers.get("content-type"),
              })
            }
          },
          { SITE_URL: LAN_ADDRESS },
        )
      } finally {
        fs.writeFileSync(POLICY, original)
      }
      expect(admin).toEqual([
        { path: "session", status: 401, body: '{"error":"Log in to use the admin."}' },
        { path: "people/ana%40example.com", status: 401, body: '{"error":"Log in to use the admin."}' },
        { path: "announcements/launch/preview/en", status: 401, body: '{"error":"Log in to use the admin."}' },
        { path: "nothing-here", status: 404, body: '{"error":"There is no such admin route."}' },
      ])
      expect(getLink).toEqual([
        {
          who: "iPhone",
          status: 302,
          location: `${siteFacts.appStoreUrl}?pt=${siteFacts.appStoreProviderToken}&ct=poster`,
          type: expect.any(String),
        },
        { who: "desktop", status: 200, location: null, type: expect.stringMatching(/^text\/html/) },
      ])
      expect(qrCode).toBe(`QR code of ${LAN_ADDRESS}/get`)
      expect(seen.alert).toContain("content/legal/privacy-policy.md")
      expect(seen.alert).toContain('its `effectiveDate` "2025-02-30" is not a real date written as YYYY-MM-DD')
      const htmlLine = original.trimEnd().split("\n").length + 2
      expect(seen.alert).toContain(
        `line ${htmlLine} holds raw HTML (\`<span style="color: red">\`): a legal text is Markdown only`,
      )
      expect(seen.text).toContain("Effective 2025-02-30")
      expect(seen.text).not.toContain("March")
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "serve-after-develop-"))
      const site = await startSiteServer({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") })
      try {
        const contact = await fetch(`${site.url}/contact`)
        expect(contact.status).toBe(200)
        const scripts = scriptSources(parseHtml(await contact.text()))
        expect(scripts).toEqual([expect.stringMatching(/^\/island-contact-form-[A-Z0-9]{8}\.js$/)])
        expect((await fetch(`${site.url}${scripts[0] ?? ""}`)).status).toBe(200)
        expect((await postJson(site, entryFor("after-develop@example.com"))).status).toBe(201)
      } finally {
        await site.stop()
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
    10 * 60_000,
  )
})
