/**
 * @jest-environment node
 */
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { seedEntries } from "../../../../test/support/seed-entries"
import { startSiteInProcess, type SiteInProcess } from "../../../../test/support/site-in-process"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { BROWSERS, visit } from "../../../../test/support/visit-counting-behaviour"
import { entryFor, formMetadata, postJson } from "../../../../test/support/waitlist-api-client"
import { statsTable } from "../../cli/stats-table"
import { readSettings, type StoreSettings } from "../../settings"
import { signUpFigures } from "../../entries/sign-up-figures"
import { siteHostsOf } from "../../visits/site-hosts"
import { visitStats } from "../../visits/visit-stats"

const stores = useThrowawayStores("personal-link-visits-")
const NOW = new Date("2026-11-20T10:00:00.000Z")
const envOf = (store: StoreSettings): Record<string, string> =>
  store.kind === "postgres" ? { DATABASE_URL: store.url } : { WAITLIST_DB_PATH: store.file }

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

describe.each(["sqlite", "postgres"] as const)("visits by a personal link on %s", (kind) => {
  let site: SiteInProcess
  afterEach(() => site?.stop())

  it("sends a friend to the landing page in the referrer's language, counted in the funnel as the source personal-link, the link itself no page, and counts the friend's sign-up under personal-link too", async () => {
    const env = envOf(await stores[kind]())
    await seedEntries(env, [{ email: "ana@example.com", locale: "es" }])
    site = await startSiteInProcess(env, () => NOW)
    const code = (
      await site.db.read((on) => on.selectFrom("waitlist_entries").select("referral_code").executeTakeFirstOrThrow())
    ).referral_code
    const opened = await fetch(`${site.url}/r/${code}`, {
      redirect: "manual",
      headers: { "User-Agent": BROWSERS.firefox },
    })
    expect([opened.status, opened.headers.get("location"), opened.headers.get("set-cookie")]).toEqual([
      303,
      `/es?ref=${code}&utm_source=personal-link`,
      null,
    ])
    expect(
      await visit(site, `/es?ref=${code}&utm_source=personal-link`, {
        "User-Agent": BROWSERS.firefox,
        "Accept-Language": "es",
      }),
    ).toBe(200)
    // The landing page's "Contact us" leads to the form, whose island sends the code it kept with the sign-up.
    const landing = `${site.url}/es?ref=${code}&utm_source=personal-link`
    expect(
      await visit(site, "/es/contact", { "User-Agent": BROWSERS.firefox, "Accept-Language": "es", Referer: landing }),
    ).toBe(200)
    const friend = {
      ...entryFor("bruno@example.com"),
      metadata: { ...formMetadata, locale: "es", referrer: landing, utm: {}, referral: code },
    }
    expect((await postJson(site, friend)).status).toBe(201)
    expect((await fetch(`${site.url}/r/nobody00`, { redirect: "manual" })).headers.get("location")).toBe("/")
    expect((await fetch(`${site.url}/r/%3Cscript%3E`, { redirect: "manual" })).headers.get("location")).toBe("/")
    expect((await fetch(`${site.url}/r/%E0%A4%A`, { redirect: "manual" })).headers.get("location")).toBe("/")
    await site.visits.flush()
    const stats = await visitStats(site.db, { days: 1, now: NOW, ownHosts: siteHostsOf(readSettings(env)) })
    expect(stats.sources).toEqual([
      expect.objectContaining({ source: "personal-link", visitors: 1, contactVisitors: 1, signups: 1 }),
    ])
    // What `npm run waitlist -- stats` prints of it: source, medium, campaign, visitors, contact page, sign-ups, confirmed, the stores.
    const printed = statsTable(stats)
      .split("\n")
      .find((line) => line.startsWith("personal-link"))
    expect(printed?.split(/\s+/)).toEqual(["personal-link", "-", "-", "1", "1", "1", "0", "0", "0"])
    expect((await signUpFigures(site.db, 1, NOW)).sources).toContainEqual(
      expect.objectContaining({ utmSource: "personal-link", entries: 1 }),
    )
    expect(stats.pages.map((page) => page.page)).not.toContainEqual(expect.stringMatching(/^\/r\//))
  })
})
