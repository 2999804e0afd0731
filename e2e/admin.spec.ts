import fs from "fs"
import type { BrowserContext, Page } from "@playwright/test"
import { codeAt, enrol, inviteWithCli } from "../test/support/admin-client"
import { contactForm, fillContact, toast } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { linkPath, mailTo } from "./support/mail-outbox"
import { openDbOf } from "../test/support/waitlist-store-access"
import { adminSiteOn, otherOrigin, type AdminSite } from "./support/admin-site"
import { expectAccessible } from "./support/axe"
import { recordStoreRedirects } from "./support/store-redirects"
import { expect, test } from "./support/test"
import { PASSWORD_RULE } from "../src/admin-api/password-rule"
import { listEntries } from "../src/server/entries/entry-list"
import { personRecord } from "../src/server/people/people-queries"

const HOSTILE_NAME = "<img src=x onerror=alert(1)>"
const PASSWORD = "seven amber kites drift"
/** An ordinary browser's User-Agent: Playwright's own names HeadlessChrome, which the counting of visits takes for a bot. */
const VISITOR_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

/** Signs a person up as the contact form does. */
async function signUp(site: AdminSite, email: string, name: string, locale = "en") {
  const response = await fetch(`${site.url}/api/waitlist`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url },
    body: JSON.stringify({
      name,
      email,
      message: "<b>hello</b>",
      city: "",
      metadata: { locale, referrer: "https://news.example.org/", utm: { utm_source: "newsletter" } },
    }),
  })
  expect(response.status).toBe(201)
}

/** An account as a test uses it: its credentials, and the last time step whose code it used (the server takes none twice). */
type TestAccount = { email: string; password: string; secret: string; lastStep: number }

const STEP_MS = 30_000
const stepOf = (ms: number) => Math.floor(ms / STEP_MS)

/**
 * A code the server takes now that the account has not used: the
 * authenticator's code of this step or the next (the server takes a code a
 * step off either way), else, after waiting for the next step, its code.
 */
async function freshCode(page: Page, account: TestAccount): Promise<string> {
  let now = Date.now()
  let step = [stepOf(now), stepOf(now + STEP_MS)].find((candidate) => candidate > account.lastStep)
  if (step === undefined) {
    await page.waitForTimeout((account.lastStep + 1) * STEP_MS - now + 250)
    now = Date.now()
    step = stepOf(now)
  }
  account.lastStep = step
  return codeAt(account.secret, new Date(step * STEP_MS + 1000))
}

/** Logs in through the login page with a code the account's authenticator shows. */
async function logInWithPage(page: Page, site: AdminSite, account: TestAccount) {
  await page.goto(`${site.url}/admin/login`)
  await page.getByLabel("E-mail address").fill(account.email)
  await page.getByLabel("Password").fill(account.password)
  await page.getByLabel("Code from your authenticator").fill(await freshCode(page, account))
  await page.getByRole("button", { name: "Log in" }).click()
}

/** An account invited by the CLI and enrolled through the API, as a test uses it. */
async function enrolledAccount(site: AdminSite, email: string, role: "marketing" | "legal"): Promise<TestAccount> {
  const now = new Date()
  const { secret } = await enrol(site, await inviteWithCli(site.settings, email, role), email, now, PASSWORD)
  return { email, password: PASSWORD, secret, lastStep: stepOf(now.getTime()) }
}

/** The session cookie the browser holds for the site. */
const sessionCookie = async (context: BrowserContext, site: AdminSite) =>
  (await context.cookies(site.url)).find((cookie) => cookie.name === "__Host-admin_session")

for (const store of ["sqlite", "postgres"] as const) {
  test.describe(`the admin on ${store === "sqlite" ? "SQLite" : "PostgreSQL"}`, () => {
    test.describe.configure({ mode: "serial", timeout: 120_000 })
    let site: AdminSite
    const owner: TestAccount = { email: `owner-${store}@team.example`, password: PASSWORD, secret: "", lastStep: 0 }
    const visitor = `hostile-${store}@example.com`

    test.beforeAll(async () => {
      site = await adminSiteOn(store)
      await signUp(site, visitor, HOSTILE_NAME, "es")
    })
    test.afterAll(async () => site?.stop())

    test("an owner invited from the command line sets a password, enrols an authenticator from the QR code's key, and is logged in", async ({
      page,
      context,
    }) => {
      const token = await inviteWithCli(site.settings, owner.email, "owner")
      await page.goto(`${site.url}/admin/invite#${token}`)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up your account")
      await expect(page.getByRole("img", { name: `QR code of the authenticator key for ${owner.email}` })).toBeVisible()
      const uri = (await page.getByText(/^otpauth:\/\/totp\//).textContent()) ?? ""
      owner.secret = new URL(uri).searchParams.get("secret") ?? ""
      expect(owner.secret).toMatch(/^[A-Z2-7]{32}$/)
      await expectAccessible(page)

      // The rule is said beside the field; the leaked password of 12 characters is refused by it.
      await expect(page.getByText(PASSWORD_RULE)).toBeVisible()
      await page.getByLabel("Password", { exact: true }).fill("unbelievable")
      await page.getByLabel("The password again").fill("unbelievable")
      await page.getByLabel("Code from your authenticator").fill(await freshCode(page, owner))
      await page.getByRole("button", { name: "Set up my account" }).click()
      // The first check waits for the strength check's dictionaries to load, which the page's opening began: seconds.
      await expect(page.getByText(/^Attackers would guess this password early\./)).toBeVisible({ timeout: 30_000 })
      await expectAccessible(page)

      await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
      await page.getByLabel("The password again").fill(PASSWORD)
      await page.getByRole("button", { name: "Set up my account" }).click()
      await expect(page).toHaveURL(`${site.url}/admin`)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard")
      expect(await sessionCookie(context, site)).toMatchObject({
        path: "/",
        secure: true,
        httpOnly: true,
        sameSite: "Strict",
        expires: -1,
      })
      expect(await sessionCookie(context, site)).not.toHaveProperty("domain", expect.stringMatching(/^\./))
    })

    test("the owner logs in with the password and a code, sees the waitlist grow on a chart and as a table, and logs out", async ({
      page,
      context,
    }) => {
      const refused: string[] = []
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/i.test(message.text())) refused.push(message.text())
      })
      await logInWithPage(page, site, owner)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard")
      const today = new Date().toISOString().slice(0, 10)
      await expect(
        page
          .getByRole("img", { name: /^Sign-ups and confirmations per day/ })
          .locator("canvas")
          .first(),
      ).toBeVisible()
      const table = page.getByRole("table", { name: "Sign-ups and confirmations per day (UTC)" })
      await expect(table.getByRole("row").nth(1).getByRole("cell").first()).toHaveText(today)
      expect(Number(await table.getByRole("row").nth(1).getByRole("cell").nth(1).textContent())).toBeGreaterThan(0)
      await expect(
        page.getByRole("table", { name: "Sign-ups of the period by referrer and campaign (the 20 largest)" }),
      ).toContainText("news.example.org, source newsletter")
      await expectAccessible(page)
      expect(refused).toEqual([])

      await page.getByRole("button", { name: "Log out" }).click()
      await expect(page).toHaveURL(`${site.url}/admin/login`)
      expect(await sessionCookie(context, site)).toBeUndefined()
      await page.goto(`${site.url}/admin/entries`)
      await expect(page).toHaveURL(`${site.url}/admin/login?next=%2Fadmin%2Fentries`)
      await expectAccessible(page)
    })

    test("a visitor's page views, from a campaign's link to a confirmed address and a store, show on the dashboard's visits as charts and tables", async ({
      page,
      browser,
    }) => {
      const campaign = `launch-${store}-${Date.now().toString(36)}`
      const email = `reader-${store}-${Date.now()}@example.com`
      const visitor = await browser.newContext({ userAgent: VISITOR_AGENT })
      try {
        const tab = await visitor.newPage()
        for (const path of ["/", "/ja"])
          expect((await tab.goto(`${site.url}${path}?utm_source=${campaign}&utm_medium=social`))?.status()).toBe(200)
        await openHydrated(tab, `${site.url}/contact?utm_source=${campaign}&utm_medium=social`)
        await fillContact(tab, { name: "Rita", email, message: "Hola" })
        await contactForm(tab).send.click()
        await expect(toast(tab, "Message sent!")).toBeVisible()
        await tab.goto(`${site.url}${linkPath(await mailTo(email, 10_000, site.mailDir), "/api/waitlist-confirm")}`)
        await tab.getByRole("button", { name: "Confirm my address" }).click()
        await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Your place in line")
        // Back on the campaign's landing page, a store button: /get counts the click under the page's campaign.
        const redirects = await recordStoreRedirects(visitor)
        await tab.goto(`${site.url}/?utm_source=${campaign}&utm_medium=social`)
        const [store] = await Promise.all([
          tab.waitForEvent("popup"),
          tab.getByRole("link", { name: "Download for Android", exact: true }).click(),
        ])
        await store.waitForLoadState()
        expect(redirects.map(({ status }) => status)).toEqual([302])
      } finally {
        await visitor.close()
      }

      await logInWithPage(page, site, owner)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard")
      // The server writes its counts every 10 s: the dashboard shows them once they are written.
      const row = page
        .getByRole("table", { name: "The funnel by source (the 10 largest)" })
        .getByRole("row")
        .filter({ hasText: campaign })
      await expect(async () => {
        await page.reload()
        await expect(row.getByRole("cell")).toHaveText([campaign, "social", "", "1", "1", "1", "1", "0", "1"], {
          timeout: 3000,
        })
      }).toPass({ timeout: 45_000 })
      await expect(
        page
          .getByRole("img", { name: /^Visitors and visitors of the contact page per day/ })
          .locator("canvas")
          .first(),
      ).toBeVisible()
      await expect(
        page.getByRole("img", {
          name: /^The funnel of the period: [1-9]\d* visitors, [1-9]\d* of them on the contact page, [1-9]\d* sign-ups, [1-9]\d* confirmed; and [1-9]\d* sent to a store/,
        }),
      ).toBeVisible()
      const clicks = page
        .getByRole("table", { name: "Store clicks by store, platform and source (the 10 largest)" })
        .getByRole("row")
        .filter({ hasText: campaign })
      await expect(clicks.getByRole("cell")).toHaveText(["Google Play", "Desktop", campaign, "social", "", "1"])
      const today = page.getByRole("table", { name: "Visits per day (UTC)" }).getByRole("row").nth(1).getByRole("cell")
      await expect(today.first()).toHaveText(new Date().toISOString().slice(0, 10))
      expect(Number(await today.nth(1).textContent())).toBeGreaterThan(0)
      await expect(
        page.getByRole("table", { name: "Visitors and page views of the pages visited most (the 10 largest)" }),
      ).toContainText("/contact")
      await expect(
        page.getByRole("table", { name: "Visitors and page views by the language of the pages" }),
      ).toContainText("日本語")
      await expectAccessible(page)
    })

    test("entries are found by part of a name, and a hostile name stays text on every page", async ({ page }) => {
      let dialogs = 0
      page.on("dialog", (dialog) => {
        dialogs++
        void dialog.dismiss()
      })
      await logInWithPage(page, site, owner)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard")
      await page.getByRole("link", { name: "Entries" }).click()
      await page.getByLabel("Search by address or name").fill("<IMG src=x")
      await page.getByRole("button", { name: "Search" }).click()
      await expect(page.getByRole("status")).toHaveText("1 entry matches “<IMG src=x”.")
      const row = page.getByRole("row", { name: new RegExp(visitor) })
      await expect(row.getByRole("cell").nth(1)).toHaveText(HOSTILE_NAME)
      expect(await page.locator('img[src="x"]').count()).toBe(0)
      await expectAccessible(page)

      await row.getByRole("link", { name: visitor }).click()
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("A person's data")
      await expect(page.getByText(`a message as “${HOSTILE_NAME}”`)).toBeVisible()
      await expect(page.getByText("<b>hello</b>")).toBeVisible()
      await expect(page.getByText(/Agreed to: Privacy policy of 2025-05-25 \(es\)/)).toBeVisible()
      expect(await page.locator('img[src="x"], b').count()).toBe(0)
      await expectAccessible(page)
      expect(dialogs).toBe(0)
    })

    test("a person's data is downloaded, then erased once the address is typed again, reaching the database, and the audit log lists each step", async ({
      page,
    }) => {
      await logInWithPage(page, site, owner)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard")
      await page.goto(`${site.url}/admin/person#${encodeURIComponent(visitor)}`)
      const downloading = page.waitForEvent("download")
      await page.getByRole("button", { name: "Download everything as JSON" }).click()
      const file = await (await downloading).path()
      const exported = JSON.parse(fs.readFileSync(file, "utf8")) as {
        entry: { name: string }
        messages: { privacyPolicyInForce: { language: string } }[]
      }
      expect(exported.entry.name).toBe(HOSTILE_NAME)
      expect(exported.messages[0]?.privacyPolicyInForce.language).toBe("es")

      // The page asks for the address again; only then does it send the API's DELETE, without a body.
      const deletes: { url: string; body: string | null }[] = []
      page.on(
        "request",
        (request) =>
          void (request.method() === "DELETE" && deletes.push({ url: request.url(), body: request.postData() })),
      )
      await page.getByLabel("Type the address again to confirm").fill("someone-else@example.com")
      await page.getByRole("button", { name: "Erase everything" }).click()
      await expect(page.getByText("Type the address again, exactly, to confirm the erasure.")).toBeVisible()
      await expectAccessible(page)
      expect(deletes).toEqual([])
      await page.getByLabel("Type the address again to confirm").fill(visitor.toUpperCase())
      await page.getByRole("button", { name: "Erase everything" }).click()
      await expect(page.getByRole("status")).toContainText(`Everything held about ${visitor} was erased.`)
      expect(deletes).toEqual([{ url: `${site.url}/api/admin/people/${encodeURIComponent(visitor)}`, body: null }])

      const database = openDbOf(site.settings)
      try {
        expect((await listEntries(database)).some((entry) => entry.email === visitor)).toBe(false)
        expect(await personRecord(database, visitor)).toMatchObject({
          entry: null,
          messages: [],
          erasures: [expect.any(Object)],
        })
      } finally {
        await database.close()
      }

      await page.getByRole("link", { name: "Audit log" }).click()
      await page.getByLabel("Only the lines about this address").fill(visitor)
      await page.getByRole("button", { name: "Show" }).click()
      const lines = page.getByRole("table", { name: `The audit log's lines about ${visitor}` }).getByRole("row")
      await expect(lines.nth(1)).toContainText("Erased a person's data")
      await expect(lines.nth(2)).toContainText("Exported a person's data")
      for (const line of [lines.nth(1), lines.nth(2)]) await expect(line).toContainText(`${owner.email}`)
      await expect(lines.nth(1)).toContainText("127.0.0.1")
      await expectAccessible(page)
    })

    test("marketing sees only its pages, and a cross-origin POST with a valid session is refused", async ({
      page,
      context,
    }) => {
      const marketing = await enrolledAccount(site, `marketing-${store}@team.example`, "marketing")
      await logInWithPage(page, site, marketing)
      const nav = page.getByRole("navigation", { name: "Admin" })
      await expect(nav.getByRole("link")).toHaveText([
        "Dashboard",
        "Entries",
        "Announcements",
        "Sequences",
        "Referrals",
      ])
      await page.goto(`${site.url}/admin/audit`)
      await expect(page.getByRole("alert")).toHaveText("Your role (marketing) may not use this page.")
      expect((await page.request.get(`${site.url}/api/admin/audit`)).status()).toBe(403)
      expect((await page.request.get(`${site.url}/api/admin/people/${encodeURIComponent(owner.email)}`)).status()).toBe(
        403,
      )
      expect((await page.request.get(`${site.url}/api/admin/dashboard`)).status()).toBe(200)

      const other = await otherOrigin(`${site.url}/api/admin/session`)
      try {
        await page.goto(other.url)
        const refused = page.waitForResponse(`${site.url}/api/admin/session`)
        await page.getByRole("button", { name: "Send" }).click()
        const answer = await refused
        expect(answer.status()).toBe(403)
        expect((await answer.request().allHeaders()).cookie).toMatch(/__Host-admin_session=[\w-]{43}/)
        await expect(page.getByText("Changes are taken only from the admin's own pages.")).toBeVisible()
      } finally {
        await other.stop()
      }
      expect((await page.request.get(`${site.url}/api/admin/session`)).status()).toBe(200)
      await context.clearCookies()
    })

    test("ten failed logins lock an account out with 429 and Retry-After", async ({ page }) => {
      const locked = await enrolledAccount(site, `locked-${store}@team.example`, "legal")
      await page.goto(`${site.url}/admin/login`)
      // The first try from the keyboard alone: Tab to the fields, Enter to send.
      const email = page.getByLabel("E-mail address")
      for (let i = 0; i < 10 && !(await email.evaluate((element) => element === document.activeElement)); i++)
        await page.keyboard.press("Tab")
      await expect(email).toBeFocused()
      await page.keyboard.type(locked.email)
      await page.keyboard.press("Tab")
      await page.keyboard.type("not the password")
      await page.keyboard.press("Tab")
      await expect(page.getByLabel("Code from your authenticator")).toBeFocused()
      await page.keyboard.type("000000")
      await page.keyboard.press("Enter")
      await expect(page.getByRole("alert")).toHaveText("The e-mail address, password or code is not right.")
      for (let i = 1; i < 10; i++) {
        await page.getByLabel("E-mail address").fill(locked.email)
        await page.getByLabel("Password").fill(`not the password ${i}`)
        await page.getByLabel("Code from your authenticator").fill("000000")
        await page.getByRole("button", { name: "Log in" }).click()
        await expect(page.getByRole("alert")).toHaveText("The e-mail address, password or code is not right.")
      }
      const answered = page.waitForResponse(`${site.url}/api/admin/session`)
      await logInWithPage(page, site, locked)
      const answer = await answered
      expect(answer.status()).toBe(429)
      expect(Number(await answer.headerValue("retry-after"))).toBeGreaterThan(60)
      await expect(page.getByRole("alert")).toHaveText(/^Too many failed logins\. Try again in \d+ minutes\.$/)
      await expectAccessible(page)
    })
  })
}
