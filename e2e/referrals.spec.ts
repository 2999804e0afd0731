import type { BrowserContext, Page } from "@playwright/test"
import fs from "fs"
import os from "os"
import path from "path"
import { startPostgresServer, type PostgresServer } from "../test/support/postgres-server"
import { seedEntries } from "../test/support/seed-entries"
import { startSiteServer, type RunningSite } from "../test/support/site-server-process"
import { USER_AGENTS } from "../test/support/device-user-agents"
import { PROJECT_ROOT } from "../test/support/project-root"
import { openDbOf } from "../test/support/waitlist-store-access"
import { translate } from "../src/i18n/messages"
import { importCodes } from "../src/server/rewards/reward-codes"
import { enrol, inviteWithCli } from "../test/support/admin-client"
import { withSession } from "./support/admin-site"
import { expectAccessible } from "./support/axe"
import { toast } from "./support/contact-form"
import { waitForHydration } from "./support/hydration"
import { linkPath, mailTo } from "./support/mail-outbox"
import { expect, test } from "./support/test"

/** A production server of its own on a fresh store (a throwaway PostgreSQL cluster, or an SQLite file), every request from this machine one client. */
type OwnSite = {
  url: string
  settings: Record<string, string>
  mailDir: string
  second: () => Promise<RunningSite>
  stop: () => Promise<void>
}

async function ownSite(store: "sqlite" | "postgres", extra: Record<string, string> = {}): Promise<OwnSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `referrals-e2e-${store}-`))
  const postgres: PostgresServer | null = store === "postgres" ? await startPostgresServer() : null
  const settings: Record<string, string> = postgres
    ? { DATABASE_URL: await postgres.createDatabase(), WAITLIST_RATE_LIMIT: "0" }
    : { WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"), WAITLIST_RATE_LIMIT: "0" }
  Object.assign(settings, extra)
  const mailDir = path.join(dir, "outbox")
  const started: RunningSite[] = []
  const start = async () => {
    const site = await startSiteServer({ ...settings, MAIL_OUTBOX_DIR: mailDir }, { echoComplaints: true })
    started.push(site)
    return site
  }
  const first = await start()
  return {
    url: first.url,
    settings,
    mailDir,
    second: start,
    stop: async () => {
      for (const site of started) await site.stop()
      await postgres?.stop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The site's words in a language, as the pages show them. */
type Lang = Parameters<typeof translate>[0]
const words = (lang: Lang, key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate(lang, key, values)

/** Signs up through the contact form of the page that is open, in its language, as a visitor does. */
async function sendForm(page: Page, email: string, lang: Lang = "en") {
  await waitForHydration(page)
  const form = page.getByRole("form", { name: words(lang, "form.label") })
  await form.getByLabel(words(lang, "form.name"), { exact: true }).fill("Friend")
  await form.getByLabel(words(lang, "form.email"), { exact: true }).fill(email)
  await form.getByRole("button", { name: words(lang, "form.send"), exact: true }).click()
  await expect(toast(page, words(lang, "toast.success.title"))).toBeVisible()
}

/** Opens the confirmation link mailed to an address and presses its button, which leads to the person's place page. */
async function confirm(page: Page, site: OwnSite, email: string, lang: Lang = "en") {
  const mail = await mailTo(email, 15_000, site.mailDir)
  await page.goto(`${site.url}${linkPath(mail, "/api/waitlist-confirm")}`)
  await page.getByRole("button", { name: words(lang, "link.confirm.button") }).click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words(lang, "place.title"))
}

/**
 * A friend's visit in a tab of its own: the personal link, the landing
 * page in the referrer's language `lang`, its "Contact us", the form;
 * confirmed unless told otherwise.
 */
async function friendSignsUp(
  context: BrowserContext,
  site: OwnSite,
  link: string,
  email: string,
  { confirmed = true, lang = "en" }: { confirmed?: boolean; lang?: Lang } = {},
) {
  const tab = await context.newPage()
  await tab.goto(`${site.url}${new URL(link).pathname}`)
  await expect(tab).toHaveURL(new RegExp(`^${site.url}/${lang === "en" ? "" : lang}\\?ref=`))
  expect(new URL(tab.url()).searchParams.get("ref")).toBe(new URL(link).pathname.slice(3))
  await tab
    .getByRole("link", { name: words(lang, "header.contact") })
    .first()
    .click()
  await expect(tab).toHaveURL(/\/contact$/)
  await sendForm(tab, email, lang)
  if (confirmed) await confirm(tab, site, email, lang)
  await tab.close()
}

const place = (n: number) => `You're number ${n} in line.`

for (const store of ["sqlite", "postgres"] as const) {
  test.describe(`places and personal links on ${store === "sqlite" ? "SQLite" : "PostgreSQL"}`, () => {
    test.describe.configure({ mode: "serial", timeout: 180_000 })
    let site: OwnSite
    const stamp = `${store}${Date.now()}`
    const ana = `ana.lima.${stamp}@gmail.com`
    let anasPlace = ""

    test.beforeAll(async () => {
      site = await ownSite(store)
      await seedEntries(
        site.settings,
        Array.from({ length: 20 }, (_, n) => ({ email: `early${n}-${stamp}@example.com`, locale: "en" })),
      )
    })
    test.afterAll(async () => site?.stop())

    test("a person confirms and reads their place and link; friends who confirm move them up by 5, and nothing else does", async ({
      page,
      context,
    }) => {
      await page.goto(`${site.url}/contact`)
      await sendForm(page, ana)
      await confirm(page, site, ana)
      await expect(page).toHaveURL(/\/waitlist\/place\?code=[A-Za-z\d]{8}&sig=[\da-f]{32}$/)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your place in line")
      await expect(page.getByText(place(21), { exact: true })).toBeVisible()
      await expect(page.getByText("No friend has joined through your link yet.")).toBeVisible()
      const link = await page.getByLabel("Your personal link").inputValue()
      expect(link).toMatch(/^https:\/\/storyling\.example\.com\/r\/[A-Za-z\d]{8}$/)
      for (const name of ["By mail", "WhatsApp", "X"])
        await expect(page.getByRole("link", { name, exact: true })).toBeVisible()
      await expect(page.getByRole("link", { name: "LINE" })).toHaveCount(0)
      await expectAccessible(page)
      const placePage = page.url()
      anasPlace = placePage

      // No cookie before the visitor submits the form: the code travels in the address and the tab's session storage.
      const visit = await context.newPage()
      await visit.goto(`${site.url}${new URL(link).pathname}`)
      await visit.getByRole("link", { name: "Contact us" }).first().click()
      await waitForHydration(visit)
      expect(await context.cookies(site.url)).toEqual([])
      await visit.close()

      for (const [n, moved] of [16, 11, 6].entries()) {
        await friendSignsUp(context, site, link, `friend${n}-${stamp}@example.org`)
        await page.goto(placePage)
        await expect(page.getByText(place(moved), { exact: true })).toBeVisible()
      }
      await expect(page.getByText("3 friends joined through your link.")).toBeVisible()

      // Never confirmed, Ana's own Gmail in another spelling, a throwaway domain, and a fourth from this same client within a day.
      await friendSignsUp(context, site, link, `never-${stamp}@example.org`, { confirmed: false })
      await friendSignsUp(context, site, link, `analima${stamp}+friends@googlemail.com`)
      await friendSignsUp(context, site, link, `throwaway-${stamp}@mailinator.com`)
      await friendSignsUp(context, site, link, `fourth-${stamp}@example.org`)
      await page.goto(placePage)
      await expect(page.getByText(place(6), { exact: true })).toBeVisible()
      await expect(page.getByText("3 friends joined through your link.")).toBeVisible()
      // The held ones (Ana's own mailbox, the throwaway domain, the fourth from one network) are pending to her, with no reason said.
      await expect(page.getByText("4 more signed up and are still pending.")).toBeVisible()
    })

    test("two instances confirming one friend at once credit the referral once", async ({ page, context, browser }) => {
      const other = await site.second()
      const bea = `bea-${stamp}@example.com`
      await page.goto(`${site.url}/contact`)
      await sendForm(page, bea)
      await confirm(page, site, bea)
      await expect(page.getByText(place(28), { exact: true })).toBeVisible()
      const placePage = page.url()
      const link = await page.getByLabel("Your personal link").inputValue()
      const friend = `twice-${stamp}@example.org`
      await friendSignsUp(context, site, link, friend, { confirmed: false })
      const mail = await mailTo(friend, 15_000, site.mailDir)
      // Two browsers (cookies are shared across ports, so one browser's second tab would lose the link's cookie to the first's answer).
      const elsewhere = await browser.newContext()
      const tabs = await Promise.all(
        [context, elsewhere].map(async (opener, i) => {
          const tab = await opener.newPage()
          await tab.goto(`${[site, other][i]?.url}${linkPath(mail, "/api/waitlist-confirm")}`)
          return tab
        }),
      )
      await Promise.all(tabs.map((tab) => tab.getByRole("button", { name: "Confirm my address" }).click()))
      for (const tab of tabs) await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Your place in line")
      await elsewhere.close()
      await page.goto(placePage)
      await expect(page.getByText("1 friend joined through your link.")).toBeVisible()
      await expect(page.getByText(place(23), { exact: true })).toBeVisible()
    })

    test("an owner sees the leaderboard and the held referrals with their reasons in the admin, credits one, and the person moves up", async ({
      page,
      context,
    }) => {
      const owner = `owner-${stamp}@team.example`
      const { cookie } = await enrol(site, await inviteWithCli(site.settings, owner, "owner"), owner, new Date())
      await withSession(context, site, cookie)
      await page.goto(`${site.url}/admin/referrals`)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Referrals")
      const held = page.getByRole("table", { name: `Referrals of ${ana} held for review` })
      const why = (friend: string) => held.getByRole("row").filter({ hasText: friend }).getByRole("cell").nth(4)
      await expect(why(`fourth-${stamp}@example.org`)).toHaveText(
        /^More than 3 credits for this referrer within 24 hours from 127\.0\.0\.0\/24: 3 before this one, at /,
      )
      await expect(why(`throwaway-${stamp}@mailinator.com`)).toContainText("A throwaway domain: mailinator.com.")
      await expect(held.getByRole("row").filter({ hasText: "googlemail.com" })).toHaveCount(1)
      await expect(held).not.toContainText("127.0.0.1")
      const board = page.getByRole("table", { name: "The line, first place first" })
      await expect(board.getByRole("row").filter({ hasText: ana }).getByRole("cell")).toHaveText([
        "6",
        ana,
        "3",
        "1",
        "3",
      ])
      await expectAccessible(page)
      await page.getByRole("button", { name: `Credit ${ana} for fourth-${stamp}@example.org` }).click()
      await expect(page.getByText(`Credited ${ana} for fourth-${stamp}@example.org.`)).toBeVisible()
      await expect(held.getByRole("row").filter({ hasText: `fourth-${stamp}@example.org` })).toHaveCount(0)
      await expect(board.getByRole("row").filter({ hasText: ana }).getByRole("cell")).toHaveText([
        "1",
        ana,
        "4",
        "1",
        "2",
      ])
      await page.goto(`${site.url}/admin/person#${encodeURIComponent(`fourth-${stamp}@example.org`)}`)
      await expect(page.getByText(`Referred by ${ana} (credited).`)).toBeVisible()
      await page.goto(anasPlace)
      await expect(page.getByText(place(1), { exact: true })).toBeVisible()
      await expect(page.getByText("4 friends joined through your link.")).toBeVisible()
    })
  })
}

/** The rewards' tiers of the tests: `starter` at 3 friends with codes, `circle` at 5 without. */
const REWARDS_FILE = path.join(PROJECT_ROOT, "test", "fixtures", "rewards", "rewards.md")

for (const store of ["sqlite", "postgres"] as const) {
  test.describe(`rewards on ${store === "sqlite" ? "SQLite" : "PostgreSQL"}`, () => {
    test.describe.configure({ timeout: 180_000 })
    let site: OwnSite
    test.beforeAll(async () => {
      // No hold, so the server's rewards job (every 10 s) awards the tier as soon as the third friend confirms.
      site = await ownSite(store, { REWARDS_FILE, REWARD_HOLD_HOURS: "0" })
    })
    test.afterAll(async () => site?.stop())

    test("a person on an iPhone, in Spanish, whose three friends confirm, sees their App Store code on their place page and gets it in a mail in Spanish", async ({
      browser,
      context,
    }) => {
      const stamp = `${store}${Date.now()}`
      const lucia = `lucia.${stamp}@example.com`
      const db = openDbOf(site.settings)
      await importCodes(
        db,
        { tier: "starter", store: "ios", codes: [`IOS${stamp}`.toUpperCase()] },
        new Date(),
      ).finally(() => db.close())
      const iphone = await browser.newContext({ userAgent: USER_AGENTS.iPhoneSafari, locale: "es-ES" })
      const page = await iphone.newPage()
      const es = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
        words("es", key, values)
      await page.goto(`${site.url}/es/contact`)
      await sendForm(page, lucia, "es")
      await confirm(page, site, lucia, "es")
      const placePage = page.url()
      const link = await page.getByLabel(es("place.linkLabel")).inputValue()
      await expect(
        page.getByText(es("place.nextMany", { count: 3, title: "Un mes de Storyling Premium" })),
      ).toBeVisible()

      for (let n = 0; n < 3; n += 1)
        await friendSignsUp(context, site, link, `amiga${n}-${stamp}@example.org`, { lang: "es" })
      const code = `IOS${stamp}`.toUpperCase()
      await expect(async () => {
        await page.goto(placePage)
        await expect(page.getByText(code, { exact: true })).toBeVisible({ timeout: 1000 })
      }).toPass({ timeout: 60_000 })
      await expect(page.getByRole("heading", { level: 2, name: es("place.rewards") })).toBeVisible()
      await expect(page.getByRole("heading", { level: 3, name: "Un mes de Storyling Premium" })).toBeVisible()
      await expect(page.getByText(es("reward.codeIos"), { exact: true })).toBeVisible()
      await expect(page.getByText(es("place.platformAsk"))).toHaveCount(0)
      await expect(
        page.getByText(es("place.nextMany", { count: 2, title: "Una historia con tu nombre" })),
      ).toBeVisible()
      await expectAccessible(page)

      const subject = es("reward.subject", { title: "Un mes de Storyling Premium" })
      const mail = await mailTo(lucia, 30_000, site.mailDir, (found) => found.subject === subject)
      expect(mail.text).toContain(`${es("reward.codeIos")}: ${code}`)
      expect(mail.headers.get("content-language")).toBe("es")
      await iphone.close()
    })

    test("a person on a desktop is asked for their store once a tier with codes is earned, and sees their Google Play code once they chose it", async ({
      browser,
      context,
    }) => {
      const stamp = `${store}${Date.now()}`
      const ben = `ben.${stamp}@example.com`
      const code = `PLAY${stamp}`.toUpperCase()
      const db = openDbOf(site.settings)
      await importCodes(db, { tier: "starter", store: "android", codes: [code] }, new Date()).finally(() => db.close())
      const desktop = await browser.newContext({ userAgent: USER_AGENTS.windowsChrome })
      const page = await desktop.newPage()
      await page.goto(`${site.url}/contact`)
      await sendForm(page, ben)
      await confirm(page, site, ben)
      const placePage = page.url()
      const link = await page.getByLabel(words("en", "place.linkLabel")).inputValue()
      for (let n = 0; n < 3; n += 1) await friendSignsUp(context, site, link, `pal${n}-${stamp}@example.org`)
      const question = page.getByRole("group", { name: words("en", "place.platformAsk") })
      await expect(async () => {
        await page.goto(placePage)
        await expect(question).toBeVisible({ timeout: 1000 })
      }).toPass({ timeout: 60_000 })
      await expect(page.getByText(words("en", "place.rewardOnItsWay"))).toBeVisible()
      await expectAccessible(page)
      await question.getByLabel(words("en", "place.platformAndroid")).check()
      await page.getByRole("button", { name: words("en", "place.platformSave") }).click()
      await expect(page.getByText(code, { exact: true })).toBeVisible()
      await expect(page.getByText(words("en", "reward.codeAndroid"), { exact: true })).toBeVisible()
      await expect(question).toHaveCount(0)
      await desktop.close()
    })
  })
}
