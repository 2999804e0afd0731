import { CRAWLERS, USER_AGENTS } from "./device-user-agents"
import { rawRequest } from "./raw-http"
import { startSiteServer } from "./site-server-process"
import { compiledWaitlistCli } from "./waitlist-cli"
import type { VisitStats } from "../../src/admin-api/visit-stats"

type Settings = Record<string, string>

/** One person each: the store buttons and `/get` are used by different browsers, told apart by their User-Agent. */
const {
  iPhoneSafari,
  iPhoneChrome,
  iPadMobileMode: iPad,
  androidChrome: androidPhone,
  androidSamsung: samsungPhone,
  windowsChrome: desktopChrome,
  linuxFirefox: firefoxDesktop,
} = USER_AGENTS

/**
 * What the counting of store clicks must do on a store (SQLite or
 * PostgreSQL), over HTTP against the production server (`node
 * dist/server.js`), read back as the team reads it: `npm run waitlist --
 * stats --json`. A poster's QR code scanned by phones, a newsletter's
 * reader on a desktop pressing a store button, a visitor without a
 * campaign pressing one twice; and a crawler, a prefetch and a browser
 * asking not to be tracked, none of them counted.
 */
export function describeStoreClickCounting(newStore: () => Promise<Settings>): void {
  jest.setTimeout(60_000)
  const cli = compiledWaitlistCli()
  beforeAll(() => cli.compile(), 120_000)
  afterAll(() => cli.remove())

  it("counts in `stats --json` the browsers /get sent to each store, by store, platform and source, as the last step after a visit", async () => {
    const settings = { ...(await newStore()), WAITLIST_RATE_LIMIT: "0" }
    const site = await startSiteServer(settings)
    const open = async (route: string, userAgent: string, headers: Record<string, string> = {}) =>
      (
        await rawRequest(site.url, {
          method: "GET",
          path: route,
          headers: { "User-Agent": userAgent, "Accept-Language": "en-GB,en;q=0.9", ...headers },
        })
      ).status
    try {
      const poster = "utm_source=poster&utm_medium=print&utm_campaign=metro"
      expect(await open(`/get?${poster}`, iPhoneSafari)).toBe(302)
      expect(await open(`/get?${poster}`, iPhoneChrome)).toBe(302)
      expect(await open(`/es/get?${poster}`, androidPhone)).toBe(302)
      const newsletter = "/?utm_source=newsletter&utm_medium=email&utm_campaign=launch"
      expect(await open(newsletter, desktopChrome)).toBe(200)
      expect(await open("/get?store=google", desktopChrome, { Referer: `${site.url}${newsletter}` })).toBe(302)
      expect(await open("/", iPad)).toBe(200)
      expect(await open("/get?store=apple", iPad, { Referer: `${site.url}/` })).toBe(302)
      expect(await open("/get?store=apple", iPad, { Referer: `${site.url}/` })).toBe(302)
      expect(await open("/get", firefoxDesktop)).toBe(200)
      // Sent to the store or shown the page, and counted nowhere.
      expect(await open(`/get?${poster}`, CRAWLERS[0].userAgent)).toBe(200)
      expect(await open(`/get?${poster}`, iPhoneSafari, { "Sec-Purpose": "prefetch" })).toBe(302)
      expect(await open(`/get?${poster}`, samsungPhone, { "Sec-GPC": "1" })).toBe(302)
    } finally {
      // SIGTERM: the counts still in memory are written before the store closes.
      await site.stop()
    }

    const { code, stdout, stderr } = await cli.run(["stats", "--days", "1", "--json"], settings)
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" })
    const stats = JSON.parse(stdout) as VisitStats
    expect(stats.storeClicks).toEqual([
      { store: "apple", platform: "ios", source: "(internal)", medium: "", campaign: "", clicks: 2 },
      { store: "apple", platform: "ios", source: "poster", medium: "print", campaign: "metro", clicks: 2 },
      { store: "google", platform: "android", source: "poster", medium: "print", campaign: "metro", clicks: 1 },
      { store: "google", platform: "desktop", source: "newsletter", medium: "email", campaign: "launch", clicks: 1 },
    ])
    // Each redirect of /get is a view of /get by its visitor, so every click follows a visit of its source.
    expect(stats.days).toEqual([
      {
        date: new Date().toISOString().slice(0, 10),
        visitors: 6,
        pageviews: 9,
        contactVisitors: 0,
        signups: 0,
        confirmed: 0,
        appStoreClicks: 4,
        googlePlayClicks: 2,
      },
    ])
    expect(stats.sources).toEqual([
      {
        source: "poster",
        medium: "print",
        campaign: "metro",
        visitors: 3,
        contactVisitors: 0,
        signups: 0,
        confirmed: 0,
        appStoreClicks: 2,
        googlePlayClicks: 1,
      },
      {
        source: "(direct)",
        medium: "",
        campaign: "",
        visitors: 2,
        contactVisitors: 0,
        signups: 0,
        confirmed: 0,
        appStoreClicks: 0,
        googlePlayClicks: 0,
      },
      {
        source: "newsletter",
        medium: "email",
        campaign: "launch",
        visitors: 1,
        contactVisitors: 0,
        signups: 0,
        confirmed: 0,
        appStoreClicks: 0,
        googlePlayClicks: 1,
      },
      {
        source: "(internal)",
        medium: "",
        campaign: "",
        visitors: 0,
        contactVisitors: 0,
        signups: 0,
        confirmed: 0,
        appStoreClicks: 2,
        googlePlayClicks: 0,
      },
    ])
    expect(stats.pages).toEqual([
      { page: "/get", visitors: 6, pageviews: 7 },
      { page: "/", visitors: 2, pageviews: 2 },
    ])

    const table = await cli.run(["stats", "--days", "1"], settings)
    expect(table.stdout).toMatch(/poster +print +metro +3 +0 +0 +0 +2 +1\n/)
    expect(table.stdout).toMatch(/Google Play +desktop +newsletter +email +launch +1\n/)
  })
}
