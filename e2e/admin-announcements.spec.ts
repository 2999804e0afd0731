import fs from "fs"
import os from "os"
import path from "path"
import type { Page } from "@playwright/test"
import { callAdmin, enrol, inviteWithCli } from "../test/support/admin-client"
import { PROJECT_ROOT } from "../test/support/project-root"
import { complainOf, seedEntries } from "../test/support/seed-entries"
import { startSiteServer, type RunningSite } from "../test/support/site-server-process"
import { SmtpTestServer } from "../test/support/smtp-test-server"
import { openDbOf } from "../test/support/waitlist-store-access"
import { withSession } from "./support/admin-site"
import { expectAccessible } from "./support/axe"
import { expect, test } from "./support/test"
import { announcementProgressOf } from "../src/server/announcements/announcement-queries"

/** What a hostile announcement's preview would hold if anything let it through: script, a handler, a form, a link out of the frame. */
const HOSTILE_PREVIEW = `<!doctype html><html lang="de"><title>x</title>
<p id="probe">Hostile preview</p>
<script>parent.document.body.setAttribute("data-owned", "script"); top.document.title = "owned"; alert("script")</script>
<img src="x" alt="" onerror="parent.document.body.setAttribute('data-owned', 'handler')">
<form action="/api/admin/announcements/launch/send" method="post"><button>Send it</button></form>
<a href="/admin/audit" target="_top">Leave the frame</a></html>`

/** The previews' frames, which run no script, axe's included: the page around them is checked. */
const PREVIEW_FRAMES = "iframe[sandbox]"

/**
 * What a script of the frame of this URL would get when it reached for the
 * admin's page: run in an isolated world of that frame over the DevTools
 * protocol, with the frame's own origin (Playwright's evaluate waits for a
 * main world that a frame without scripts never gets).
 */
async function reachParentFrom(page: Page, urlEnd: string): Promise<string> {
  const frame = page.frames().find((candidate) => candidate.url().endsWith(urlEnd))
  if (!frame) throw new Error(`no frame of ${urlEnd}`)
  // A sandboxed frame runs in a process of its own (Chromium isolates them), so it has a DevTools session of its own.
  const cdp = await page.context().newCDPSession(frame)
  const { frameTree } = (await cdp.send("Page.getFrameTree")) as { frameTree: { frame: { id: string } } }
  const { executionContextId } = await cdp.send("Page.createIsolatedWorld", {
    frameId: frameTree.frame.id,
    worldName: "probe",
  })
  const { result } = await cdp.send("Runtime.evaluate", {
    contextId: executionContextId,
    returnByValue: true,
    expression:
      "(() => { try { return 'reached: ' + window.parent.document.title } catch (error) { return error.name } })()",
  })
  await cdp.detach()
  return String(result.value)
}

const announcementSection = (page: Page, slug: string) => page.getByRole("region", { name: slug, exact: true })

test.describe("the admin's announcements", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 })
  let smtp: SmtpTestServer
  let site: RunningSite
  let dataDir: string
  let settings: Record<string, string>
  const owner = "owner-news@team.example"
  let ownerCookie = ""

  test.beforeAll(async () => {
    smtp = await SmtpTestServer.start()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-announcements-e2e-"))
    const announcements = path.join(dataDir, "announcements")
    fs.mkdirSync(announcements)
    const source = path.join(PROJECT_ROOT, "content", "announcements")
    for (const name of fs.readdirSync(source)) fs.copyFileSync(path.join(source, name), path.join(announcements, name))
    fs.writeFileSync(
      path.join(announcements, "broken.md"),
      '---\nsubject: Hello\n---\nHi <img src=x onerror="alert(1)"> there.\n',
    )
    fs.writeFileSync(
      path.join(announcements, "short.md"),
      "---\nsubject: A short note\n---\nHi {{name}}, a short note from Storyling.\n",
    )
    // One mail a second, so a send of eight lasts long enough to be watched and paused.
    settings = {
      WAITLIST_DB_PATH: path.join(dataDir, "waitlist.sqlite"),
      WAITLIST_RATE_LIMIT: "0",
      SMTP_URL: smtp.url,
      MAIL_RATE_PER_SECOND: "1",
      MAIL_RETRY_BASE_MS: "200",
      ANNOUNCEMENTS_DIR: announcements,
    }
    const readers = [
      ["ana", "en"],
      ["ben", "en"],
      ["bea", "es"],
      ["clo", "fr"],
      ["dirk", "de"],
      ["joao", "pt-br"],
      ["chika", "ja"],
      ["dario", "it"],
      ["eve", "es"],
    ]
    await seedEntries(settings, [
      ...readers.map(([name, locale]) => ({ email: `${name}@example.org`, locale: locale ?? "en" })),
      { email: "later@example.org", locale: "fr", confirmed: false },
    ])
    await complainOf(settings, "eve@example.org")
    site = await startSiteServer(settings, { echoComplaints: true })
    ownerCookie = (await enrol(site, await inviteWithCli(settings, owner, "owner"), owner, new Date())).cookie
  })
  test.afterAll(async () => {
    await site?.stop()
    await smtp?.down()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test("lists each announcement, shows a refused one's problems as text, and previews each language in a sandboxed frame where nothing runs or reaches the admin", async ({
    page,
    context,
  }) => {
    await withSession(context, site, ownerCookie)
    const dialogs: string[] = []
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto(`${site.url}/admin/announcements`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Announcements")
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Announcements" }),
    ).toHaveAttribute("aria-current", "page")

    const broken = announcementSection(page, "broken")
    await expect(broken.getByRole("alert")).toContainText(
      "broken.md: line 4 holds raw HTML: an announcement is Markdown only",
    )
    await expect(broken.getByRole("button")).toHaveCount(0)

    const launch = announcementSection(page, "launch")
    await expect(launch.getByText("Not sent yet.")).toBeVisible()
    const english = launch.locator('iframe[title="Preview of launch in English (en)"]')
    await expect(english).toHaveAttribute("sandbox", "")
    await expect(launch.frameLocator("iframe").getByText("Hi Ana,")).toBeVisible()
    await expect(launch.getByText("Ana, Storyling is here")).toBeVisible()
    await launch.getByLabel("Language").selectOption("ja")
    await expect(launch.locator('iframe[title="Preview of launch in 日本語 (ja)"]')).toHaveAttribute("sandbox", "")
    await expect(launch.frameLocator("iframe").locator("html")).toHaveAttribute("lang", "ja")
    await expectAccessible(page, { exclude: PREVIEW_FRAMES })

    // Were a preview ever to hold script, a handler, a form or a link out, the frame and the route's own policy would let none of it act.
    const blocked: string[] = []
    page.on("console", (message) => blocked.push(message.text()))
    const served: { status: number; headers: Record<string, string> }[] = []
    await page.route(`${site.url}/api/admin/announcements/launch/preview/de`, async (route) => {
      const response = await route.fetch()
      served.push({ status: response.status(), headers: response.headers() })
      await route.fulfill({ response, body: HOSTILE_PREVIEW })
    })
    await launch.getByLabel("Language").selectOption("de")
    const hostile = launch.frameLocator('iframe[title="Preview of launch in Deutsch (de)"]')
    await expect(hostile.getByText("Hostile preview")).toBeVisible()
    await hostile.getByRole("link", { name: "Leave the frame" }).click()
    await hostile.getByRole("button", { name: "Send it" }).click()
    await page.waitForTimeout(500)
    expect(page.url()).toBe(`${site.url}/admin/announcements`)
    expect(await page.locator("body").getAttribute("data-owned")).toBeNull()
    expect(await page.title()).not.toBe("owned")
    expect(dialogs).toEqual([])
    expect(served).toEqual([
      {
        status: 200,
        headers: expect.objectContaining({
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": expect.stringMatching(/; sandbox$/),
        }),
      },
    ])
    expect(blocked.some((text) => /sandboxed and the 'allow-scripts' permission is not set/.test(text))).toBe(true)
    expect(await reachParentFrom(page, "/preview/de")).toBe("SecurityError")
    const store = openDbOf(settings)
    expect(await announcementProgressOf(store, "launch")).toEqual([])
    await store.close()
  })

  test("sends a test of every language to one address through the real SMTP server, and says under the field what is wrong with an address", async ({
    page,
    context,
  }) => {
    await withSession(context, site, ownerCookie)
    await page.goto(`${site.url}/admin/announcements`)
    const launch = announcementSection(page, "launch")
    const field = launch.getByLabel("Address to send the test to")
    await field.fill("editor@example.org, boss@example.org")
    await launch.getByRole("button", { name: "Send a test" }).click()
    await expect(launch.getByText("Give one e-mail address, such as you@example.com.")).toBeVisible()
    await expect(field).toHaveAttribute("aria-invalid", "true")
    await expectAccessible(page, { exclude: PREVIEW_FRAMES })

    await field.fill("editor@example.org")
    await launch.getByRole("button", { name: "Send a test" }).click()
    await expect(
      launch.getByRole("status").filter({ hasText: "Sent 6 test mails of launch to editor@example.org" }),
    ).toBeVisible({ timeout: 20_000 })
    const mails = await smtp.waitForMails(6)
    expect(mails.map((mail) => mail.envelopeTo)).toEqual(Array.from({ length: 6 }, () => ["editor@example.org"]))
    expect(mails.map((mail) => mail.parsed.subject)).toEqual(
      ["en", "es", "fr", "de", "pt-br", "ja"].map((lang) =>
        expect.stringMatching(new RegExp(`^\\[Test of launch, ${lang}\\] `)),
      ),
    )
  })

  test("sends after a confirmation naming each language's readers, by keyboard; the bar moves on its own; pause holds the mails and resume sends the rest; the audit log lists each", async ({
    page,
    context,
  }) => {
    smtp.mails.length = 0
    await withSession(context, site, ownerCookie)
    await page.goto(`${site.url}/admin/announcements`)
    const launch = announcementSection(page, "launch")
    const send = launch.getByRole("button", { name: "Send to the waitlist…" })
    await send.focus()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog", { name: "Send launch?" })
    await expect(dialog).toContainText("It goes to 8 confirmed entries that have none of it yet")
    await expect(dialog.getByRole("listitem")).toHaveText([
      "English (en): 3",
      "Español (es): 1",
      "Français (fr): 1",
      "Deutsch (de): 1",
      "Português (Brasil) (pt-br): 1",
      "日本語 (ja): 1",
    ])
    await expect(dialog).toContainText("1 confirmed entry is left out: their address bounced or complained.")
    await expectAccessible(page, { exclude: PREVIEW_FRAMES })
    await page.keyboard.press("Escape")
    await expect(dialog).toBeHidden()
    await expect(send).toBeFocused()
    const store = openDbOf(settings)
    expect(await announcementProgressOf(store, "launch")).toEqual([])

    await page.keyboard.press("Enter")
    const confirm = dialog.getByRole("button", { name: "Send to 8 people" })
    await expect(confirm).toBeVisible()
    for (let i = 0; i < 4 && !(await confirm.evaluate((element) => element === document.activeElement)); i++)
      await page.keyboard.press("Shift+Tab")
    await expect(confirm).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(launch.getByRole("status").filter({ hasText: "Queued 8 mails of launch" })).toBeVisible()

    const bar = launch.getByRole("progressbar")
    await expect(bar).toHaveAttribute("max", "8")
    await expect
      .poll(async () => Number(await bar.getAttribute("value")), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1)
    await launch.getByRole("button", { name: "Pause sending" }).click()
    await expect(
      launch.getByText(new RegExp(`^Paused by ${owner} in the admin\\. \\d of 8 mails done, \\d waiting\\.$`)),
    ).toBeVisible()
    await page.waitForTimeout(2500)
    const whilePaused = smtp.mails.length
    await page.waitForTimeout(2500)
    expect(smtp.mails.length).toBe(whilePaused)
    expect(whilePaused).toBeLessThan(8)
    await expectAccessible(page, { exclude: PREVIEW_FRAMES })

    await launch.getByRole("button", { name: "Resume sending" }).click()
    await expect(launch.getByText("Sent: every one of its 8 mails was sent, failed, or its reader left.")).toBeVisible({
      timeout: 30_000,
    })
    await expect(bar).toHaveAttribute("value", "8")
    const table = launch.getByRole("table", { name: "What became of the mails of launch, per language" })
    await expect(table.getByRole("row").last()).toHaveText(/^Total\s*8\s*8\s*0\s*0\s*0\s*0$/)
    expect(smtp.mails.map((mail) => mail.envelopeTo[0]).sort()).toEqual(
      ["ana", "bea", "ben", "chika", "clo", "dario", "dirk", "joao"].map((name) => `${name}@example.org`),
    )
    await store.close()

    await page.getByRole("link", { name: "Audit log" }).click()
    const rows = page.getByRole("table", { name: "The audit log, newest first" }).getByRole("row")
    await expect(rows.nth(1)).toContainText("Resumed an announcement")
    await expect(rows.nth(2)).toContainText("Paused an announcement")
    await expect(rows.nth(3)).toContainText("Sent an announcement")
    for (const row of [1, 2, 3])
      await expect(rows.nth(row)).toContainText(new RegExp(`${owner}.*launch.*127\\.0\\.0\\.1`))
    await expect(page.getByRole("row").filter({ hasText: "Tried a test of an announcement" })).toContainText(
      "launch: sent en, es, fr, de, pt-br, ja",
    )
  })

  test("lets marketing use the page, and tells legal staff it is not theirs, as the API refuses them with 403 and a JSON message", async ({
    browser,
  }) => {
    const seen: Record<
      string,
      { nav: string[]; headings: string[]; alert: string | null; api: { status: number; body: unknown } }
    > = {}
    for (const role of ["marketing", "legal"] as const) {
      const email = `${role}-news@team.example`
      const { cookie } = await enrol(site, await inviteWithCli(settings, email, role), email, new Date())
      const context = await browser.newContext()
      await withSession(context, site, cookie)
      const page = await context.newPage()
      await page.goto(`${site.url}/admin/announcements`)
      await expect(page.getByRole("button", { name: "Log out" })).toBeVisible()
      await expect(page.getByText("Loading…")).toHaveCount(0)
      const audience = await page.request.get(`${site.url}/api/admin/announcements/launch/audience`)
      seen[role] = {
        nav: await page.getByRole("navigation", { name: "Admin" }).getByRole("link").allTextContents(),
        headings: await page.getByRole("heading", { level: 2 }).allTextContents(),
        alert: (await page.getByRole("alert").count()) > 0 ? await page.getByRole("alert").first().textContent() : null,
        api: { status: audience.status(), body: await audience.json() },
      }
      await expectAccessible(page, { exclude: PREVIEW_FRAMES })
      await context.close()
    }
    expect(seen.marketing).toEqual({
      nav: ["Dashboard", "Entries", "Announcements", "Sequences", "Referrals"],
      headings: ["broken", "launch", "short"],
      alert: expect.stringContaining("broken cannot be previewed or sent as it is written"),
      api: { status: 200, body: expect.objectContaining({ suppressed: 1 }) },
    })
    expect(seen.legal).toEqual({
      nav: ["Entries", "Audit log"],
      headings: [],
      alert: "Your role (legal) may not use this page.",
      api: { status: 403, body: { error: "Your role may not use this part of the admin." } },
    })
  })
  test("stops following a send once the session ends, and says why, instead of asking again every 2 seconds", async ({
    page,
    context,
  }) => {
    await withSession(context, site, ownerCookie)
    await page.goto(`${site.url}/admin/announcements`)
    const short = announcementSection(page, "short")
    await short.getByRole("button", { name: "Send to the waitlist…" }).click()
    await page.getByRole("dialog", { name: "Send short?" }).getByRole("button", { name: "Send to 8 people" }).click()
    await expect(short.getByRole("status").filter({ hasText: "Queued 8 mails of short" })).toBeVisible()
    const reads: string[] = []
    page.on("request", (request) => {
      if (request.url().endsWith("/api/admin/announcements/short")) reads.push(request.url())
    })
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
    expect((await callAdmin(site, "DELETE", "session", { cookie: ownerCookie })).status).toBe(204)
    await expect(short.getByRole("alert")).toHaveText(
      "Its progress could not be read again: Log in to use the admin.",
      { timeout: 10_000 },
    )
    const afterLogout = reads.length
    await page.waitForTimeout(5000)
    expect(reads.length).toBe(afterLogout)
  })
  test("counts a wave in the send dialog before it goes: the first 3 in line get it, and the same wave again mails nobody", async ({
    page,
    context,
  }) => {
    smtp.mails.length = 0
    fs.writeFileSync(
      path.join(dataDir, "announcements", "wave.md"),
      "---\nsubject: The first wave\n---\nHi {{name}}, you are among the first.\n",
    )
    const email = "owner-waves@team.example"
    await withSession(
      context,
      site,
      (await enrol(site, await inviteWithCli(settings, email, "owner"), email, new Date())).cookie,
    )
    await page.goto(`${site.url}/admin/announcements`)
    const wave = announcementSection(page, "wave")
    await wave.getByRole("button", { name: "Send to the waitlist…" }).click()
    const dialog = page.getByRole("dialog", { name: "Send wave?" })
    await expect(dialog).toContainText("It goes to 8 confirmed entries that have none of it yet")
    await dialog.getByLabel("Only the first places in line").fill("3")
    await dialog.getByRole("button", { name: "Count this wave" }).click()
    await expect(dialog).toContainText("It goes to 3 confirmed entries that have none of it yet")
    await expect(dialog.getByRole("listitem")).toHaveText(["English (en): 3"])
    await expectAccessible(page, { exclude: PREVIEW_FRAMES })
    await dialog.getByRole("button", { name: "Send to 3 people" }).click()
    await expect(wave.getByRole("status").filter({ hasText: "Queued 3 mails of wave" })).toBeVisible()
    await expect
      .poll(() => smtp.mails.map((mail) => mail.envelopeTo[0]).sort(), { timeout: 15_000 })
      .toEqual(["ana@example.org", "bea@example.org", "ben@example.org"])
    // The card lists the waves it went out in, as `announce status` does.
    await expect(
      wave.getByRole("table", { name: "The waves of wave" }).getByRole("row").last().getByRole("cell"),
    ).toHaveText([/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/, "the first 3 in line", "3"])

    await wave.getByRole("button", { name: /^Send to/ }).click()
    await dialog.getByLabel("Only the first places in line").fill("3")
    await dialog.getByRole("button", { name: "Count this wave" }).click()
    await expect(dialog).toContainText(
      "Every confirmed entry of this wave has this announcement already: there is nothing to send.",
    )
    await page.keyboard.press("Escape")
    await page.waitForTimeout(1500)
    expect(smtp.mails).toHaveLength(3)
  })
})
