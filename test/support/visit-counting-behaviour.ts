import http from "http"
import { deliveriesIn } from "../../src/server/outbox/outbox-queries"
import { siteHostsOf } from "../../src/server/visits/site-hosts"
import { readSettings } from "../../src/server/settings"
import type { VisitStats } from "../../src/admin-api/visit-stats"
import { visitStats } from "../../src/server/visits/visit-stats"
import { startSiteInProcess, type SiteInProcess } from "./site-in-process"
import { tableRows, storeBytes } from "./visit-tables"
import { entryFor, formMetadata, postJson } from "./waitlist-api-client"

type Settings = Record<string, string>

/** Browsers as they announce themselves. */
export const BROWSERS = {
  chrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
}

/** What a browser sends with a page: a language and its User-Agent. */
const browser = (userAgent: string, headers: Record<string, string> = {}) => ({
  "User-Agent": userAgent,
  "Accept-Language": "en-GB,en;q=0.9",
  ...headers,
})

/** A GET with exactly these headers (fetch would add an Accept-Language of its own); resolves with the status once the body is read. */
export function visit(
  site: { url: string },
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${site.url}${path}`, { method, headers, agent: false }, (response) => {
      response.resume()
      response.on("end", () => resolve(response.statusCode ?? 0))
    })
    request.on("error", reject)
    request.end()
  })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * What the counting of visits must do, against the production server
 * (served in the test's process, so its clock can be moved) on a store
 * (SQLite or PostgreSQL): visitors counted once a day through a trusted
 * proxy, the requests never counted, sources and campaigns, the funnel to
 * confirmed addresses, the salt of each day and its deletion, no address
 * or User-Agent anywhere in the store, and an outage that loses only its
 * own counts.
 */
export function describeVisitCounting(
  newStore: () => Promise<Settings>,
  outage: { break: (settings: Settings) => Promise<Settings>; mend: (settings: Settings) => Promise<void> },
): void {
  jest.setTimeout(30_000)
  let clock = new Date("2026-11-20T10:00:00.000Z")
  const now = () => clock
  const running: SiteInProcess[] = []
  afterEach(async () => {
    await Promise.all(running.splice(0).map((site) => site.stop()))
  })

  async function start(settings: Settings): Promise<SiteInProcess> {
    const site = await startSiteInProcess({ WAITLIST_RATE_LIMIT: "0", ...settings }, now)
    running.push(site)
    return site
  }

  async function stats(site: SiteInProcess, settings: Settings, days = 1): Promise<VisitStats> {
    return visitStats(site.db, { days, now: clock, ownHosts: siteHostsOf(readSettings(settings)) })
  }

  const today = (result: VisitStats) => result.days[result.days.length - 1]

  beforeEach(() => {
    clock = new Date("2026-11-20T10:00:00.000Z")
  })

  it("counts each visitor once a day, by the address a trusted proxy forwarded and the User-Agent, across instances and a restart", async () => {
    const settings = { ...(await newStore()), WAITLIST_TRUST_PROXY: "1" }
    const [one, two] = [await start(settings), await start(settings)]
    const addresses = ["203.0.113.7", "198.51.100.23", "2001:db8:4:5::1"]
    let views = 0
    for (const [index, address] of addresses.entries()) {
      for (const userAgent of [BROWSERS.chrome, BROWSERS.firefox]) {
        // The proxy appends the client's address to what the client sent: only the last hop is believed.
        const headers = browser(userAgent, { "X-Forwarded-For": `10.9.9.9, ${address}` })
        expect(await visit(one, "/", headers)).toBe(200)
        expect(await visit(two, "/", headers)).toBe(200)
        expect(await visit(one, index === 0 ? "/es/contact" : "/privacy-policy", headers)).toBe(200)
        views += 3
      }
    }
    // The same person, from another address of their IPv6 network (privacy extensions), is one visitor.
    expect(await visit(two, "/", browser(BROWSERS.chrome, { "X-Forwarded-For": "2001:db8:4:5::99" }))).toBe(200)
    views += 1
    // One after the other: two SQLite connections of one thread would wait on each other's lock (two processes do not).
    await one.visits.flush()
    await two.visits.flush()
    // A restart of an instance the same day tells the same visitors apart the same way.
    await one.stop()
    running.splice(running.indexOf(one), 1)
    const restarted = await start(settings)
    expect(await visit(restarted, "/", browser(BROWSERS.firefox, { "X-Forwarded-For": addresses[1] ?? "" }))).toBe(200)
    views += 1
    await restarted.visits.flush()

    const result = await stats(restarted, settings)
    expect(today(result)).toEqual({
      date: "2026-11-20",
      visitors: 6,
      pageviews: views,
      contactVisitors: 2,
      signups: 0,
      confirmed: 0,
      appStoreClicks: 0,
      googlePlayClicks: 0,
    })
    expect(result.pages).toEqual([
      { page: "/", visitors: 6, pageviews: 14 },
      { page: "/privacy-policy", visitors: 4, pageviews: 4 },
      { page: "/contact", visitors: 2, pageviews: 2 },
    ])
    expect(result.languages).toEqual([
      { language: "en", visitors: 6, pageviews: 18 },
      { language: "es", visitors: 2, pageviews: 2 },
    ])
  })

  it("believes no X-Forwarded-For unless WAITLIST_TRUST_PROXY says a proxy writes it, as the rate limit does", async () => {
    const settings = await newStore()
    const site = await start(settings)
    // Without a trusted proxy, the header is the client's own words: one browser forging three addresses is one visitor.
    for (const forged of ["203.0.113.1", "203.0.113.2", "198.51.100.3"])
      expect(await visit(site, "/", browser(BROWSERS.chrome, { "X-Forwarded-For": forged }))).toBe(200)
    await site.visits.flush()
    expect(today(await stats(site, settings))).toMatchObject({ visitors: 1, pageviews: 3 })
  })

  it("counts no bot, prefetch, prerender, Sec-GPC or DNT request, no request without a language, and no admin, API or file", async () => {
    const settings = await newStore()
    const site = await start(settings)
    const notCounted: [string, Record<string, string>, string?][] = [
      ["/", browser("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")],
      ["/", browser("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)")],
      ["/", { "User-Agent": BROWSERS.chrome }],
      ["/", browser(BROWSERS.chrome, { "Sec-Purpose": "prefetch" })],
      ["/", browser(BROWSERS.chrome, { "Sec-Purpose": "prefetch;prerender" })],
      ["/", browser(BROWSERS.chrome, { Purpose: "prefetch" })],
      ["/", browser(BROWSERS.chrome, { "Sec-GPC": "1" })],
      ["/", browser(BROWSERS.chrome, { DNT: "1" })],
      ["/", browser(BROWSERS.chrome), "HEAD"],
      ["/admin", browser(BROWSERS.chrome)],
      ["/admin/entries", browser(BROWSERS.chrome)],
      ["/api/waitlist", browser(BROWSERS.chrome)],
      ["/api/admin/session", browser(BROWSERS.chrome)],
      ["/admin/login", browser(BROWSERS.chrome)],
      ["/healthz", browser(BROWSERS.chrome)],
      ["/readyz", browser(BROWSERS.chrome)],
      ["/metrics", browser(BROWSERS.chrome)],
      ["/favicon-32x32.png", browser(BROWSERS.chrome)],
      ["/sitemap-index.xml", browser(BROWSERS.chrome)],
      ["/robots.txt", browser(BROWSERS.chrome)],
    ]
    for (const [path, headers, method] of notCounted) await visit(site, path, headers, method)
    await site.visits.flush()
    const result = await stats(site, settings)
    expect(today(result)).toMatchObject({ visitors: 0, pageviews: 0 })
    expect(await tableRows(settings, "visit_visitors")).toEqual([])
    // Answered all the same, and the same request from a browser is counted.
    expect(await visit(site, "/", browser(BROWSERS.chrome, { "Sec-GPC": "0", DNT: "0" }))).toBe(200)
    await site.visits.flush()
    expect(today(await stats(site, settings))).toMatchObject({ visitors: 1, pageviews: 1 })
  })

  it("attributes visitors to campaign parameters and referrer hosts, never to the site itself, and counts unknown paths as one page", async () => {
    const settings = await newStore()
    const site = await start(settings)
    const host = new URL(site.url).host
    const newsletter = browser(BROWSERS.chrome, { "X-Forwarded-For": "1.1.1.1" })
    await visit(site, "/?utm_source=newsletter&utm_medium=email&utm_campaign=launch", newsletter)
    await visit(site, "/contact", { ...newsletter, Referer: `http://${host}/` })
    const reader = browser(BROWSERS.firefox)
    await visit(site, "/", { ...reader, Referer: "https://www.News.example.com/item?id=4242&user=someone" })
    await visit(site, "/contact", { ...reader, Referer: `http://${host}/` })
    await visit(site, "/ja", browser(BROWSERS.safari))
    expect(await visit(site, "/no/such/page?x=1", browser(BROWSERS.safari))).toBe(404)
    expect(await visit(site, "/fr/rien", browser(BROWSERS.safari))).toBe(404)
    await site.visits.flush()

    const result = await stats(site, settings)
    expect(result.sources).toEqual([
      {
        source: "(direct)",
        medium: "",
        campaign: "",
        visitors: 1,
        contactVisitors: 0,
        signups: 0,
        confirmed: 0,
        appStoreClicks: 0,
        googlePlayClicks: 0,
      },
      {
        source: "news.example.com",
        medium: "",
        campaign: "",
        visitors: 1,
        contactVisitors: 1,
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
        contactVisitors: 1,
        signups: 0,
        confirmed: 0,
        appStoreClicks: 0,
        googlePlayClicks: 0,
      },
    ])
    expect(result.pages).toContainEqual({ page: "(not found)", visitors: 1, pageviews: 2 })
    expect((await tableRows(settings, "visit_views")).map((row) => row.referrer).sort()).toEqual([
      "",
      "",
      "",
      "",
      "",
      "news.example.com",
    ])
  })

  it("follows visitors to the contact page, their sign-ups and confirmed addresses, each sign-up by its own referrer and campaign", async () => {
    const settings = { ...(await newStore()), SITE_URL: "https://storyling.example.com" }
    const site = await start(settings)
    const host = new URL(site.url).host
    await visit(site, "/?utm_source=newsletter", browser(BROWSERS.chrome))
    await visit(site, "/contact", { ...browser(BROWSERS.chrome), Referer: `http://${host}/` })
    await visit(site, "/", { ...browser(BROWSERS.firefox), Referer: "https://news.example.com/" })
    await visit(site, "/contact", { ...browser(BROWSERS.firefox), Referer: `http://${host}/` })
    await visit(site, "/", browser(BROWSERS.safari))
    // The page a mail's link opens is a visit, not a top page.
    expect(await visit(site, "/waitlist/confirm/", browser(BROWSERS.safari))).toBe(200)
    await site.visits.flush()
    const beforeSignUps = await stats(site, settings)
    expect(beforeSignUps.funnelNote).toBeNull()
    expect(beforeSignUps.pages.map((page) => page.page)).toEqual(["/", "/contact"])

    const signUp = async (email: string, metadata: Partial<typeof formMetadata>) =>
      expect((await postJson(site, { ...entryFor(email), metadata: { ...formMetadata, ...metadata } })).status).toBe(
        201,
      )
    await signUp("ana@example.com", { referrer: null, utm: { utm_source: "newsletter" } })
    await signUp("ben@example.com", { referrer: "https://news.example.com/", utm: {} })
    await signUp("cy@example.com", { referrer: "https://storyling.example.com/", utm: {} })
    // Confirm ana's address as a person does: open the link, press the button.
    const mail = (await deliveriesIn(site.db, ["pending"])).find(
      (delivery) => delivery.kind === "confirm" && delivery.recipient === "ana@example.com",
    )
    const { confirmToken } = JSON.parse(mail?.payload ?? "{}") as { confirmToken: string }
    const opened = await fetch(`${site.url}/api/waitlist-confirm?token=${confirmToken}`, { redirect: "manual" })
    const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
    expect(
      (
        await fetch(`${site.url}/api/waitlist-confirm`, {
          method: "POST",
          headers: { Cookie: cookie },
          redirect: "manual",
        })
      ).status,
    ).toBe(303)

    const result = await stats(site, settings)
    expect(today(result)).toEqual({
      date: "2026-11-20",
      visitors: 3,
      pageviews: 6,
      contactVisitors: 2,
      signups: 3,
      confirmed: 1,
      appStoreClicks: 0,
      googlePlayClicks: 0,
    })
    // Three sign-ups, two visitors of the contact page (one sign-up came without the page): the funnel says why.
    expect(result.funnelNote).toMatch(
      /^More sign-ups than visitors of the contact page: a visitor whose browser asks not to be tracked, or who sends the form without loading the page/,
    )
    expect(result.sources).toEqual([
      {
        source: "news.example.com",
        medium: "",
        campaign: "",
        visitors: 1,
        contactVisitors: 1,
        signups: 1,
        confirmed: 0,
        appStoreClicks: 0,
        googlePlayClicks: 0,
      },
      {
        source: "newsletter",
        medium: "",
        campaign: "",
        visitors: 1,
        contactVisitors: 1,
        signups: 1,
        confirmed: 1,
        appStoreClicks: 0,
        googlePlayClicks: 0,
      },
      {
        source: "(direct)",
        medium: "",
        campaign: "",
        visitors: 1,
        contactVisitors: 0,
        signups: 0,
        confirmed: 0,
        appStoreClicks: 0,
        googlePlayClicks: 0,
      },
      {
        source: "(internal)",
        medium: "",
        campaign: "",
        visitors: 0,
        contactVisitors: 0,
        signups: 1,
        confirmed: 0,
        appStoreClicks: 0,
        googlePlayClicks: 0,
      },
    ])
  })

  it("makes a salt each day, forgets yesterday's visitors at midnight and deletes a salt 48 hours after it was made", async () => {
    const settings = await newStore()
    const site = await start(settings)
    const salts = async () =>
      (await tableRows(settings, "visit_salts")).map((row) => [row.day, row.salt] as [string, string]).sort()
    const ana = browser(BROWSERS.chrome, { "X-Forwarded-For": "192.0.2.10" })
    await visit(site, "/", ana)
    await site.visits.flush()
    const [[firstDay, firstSalt] = ["", ""]] = await salts()
    expect(firstDay).toBe("2026-11-20")
    const firstHashes = (await tableRows(settings, "visit_visitors")).map((row) => row.visitor)
    expect(new Set(firstHashes).size).toBe(1)

    clock = new Date("2026-11-21T00:00:05.000Z")
    await visit(site, "/", ana)
    await site.visits.flush()
    await site.closeDays()
    const second = await salts()
    expect(second.map(([day]) => day)).toEqual(["2026-11-20", "2026-11-21"])
    expect(second[1]?.[1]).not.toBe(firstSalt)
    // Yesterday's visitors are counts now; today's hash of the same person is another.
    const rows = await tableRows(settings, "visit_visitors")
    expect(rows.every((row) => row.day === "2026-11-21")).toBe(true)
    expect(rows.some((row) => firstHashes.includes(row.visitor))).toBe(false)
    const counted = await stats(site, settings, 2)
    expect(counted.days.map((day) => [day.date, day.visitors])).toEqual([
      ["2026-11-20", 1],
      ["2026-11-21", 1],
    ])

    clock = new Date("2026-11-22T00:00:01.000Z")
    await site.visits.flush()
    await site.closeDays()
    expect((await salts()).map(([day]) => day)).toEqual(["2026-11-21", "2026-11-22"])
    expect(await tableRows(settings, "visit_visitors")).toEqual([])
    expect((await stats(site, settings, 3)).days.map((day) => day.visitors)).toEqual([1, 1, 0])
  })

  it("keeps no address, User-Agent or whole referrer anywhere in the store, nor in the log", async () => {
    const settings = { ...(await newStore()), WAITLIST_TRUST_PROXY: "1" }
    const site = await start(settings)
    const addresses = ["203.0.113.77", "198.51.100.201", "2001:db8:77::15", "::ffff:192.0.2.99"]
    const userAgents = [
      ...Object.values(BROWSERS),
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15 Zebrafinch/42",
    ]
    const referrer = "https://blog.example.org/posts/why-i-learn-spanish?ref=secret-path-7731"
    for (const address of addresses) {
      for (const userAgent of userAgents) {
        const headers = browser(userAgent, { "X-Forwarded-For": address, Referer: referrer })
        await visit(site, "/", headers)
        await visit(site, "/contact", headers)
      }
    }
    await site.visits.flush()
    // Both days' tables hold something: today's visitors as rows, and yesterday's as counts once the day is over.
    const bytesToday = await storeBytes(settings)
    clock = new Date("2026-11-21T08:00:00.000Z")
    await visit(site, "/", browser(BROWSERS.chrome, { "X-Forwarded-For": addresses[0] ?? "" }))
    await site.visits.flush()
    await site.closeDays()
    expect((await stats(site, settings, 2)).days[0]).toMatchObject({ visitors: addresses.length * userAgents.length })
    const bytesTomorrow = await storeBytes(settings)

    const sent = [
      ...addresses,
      "192.0.2.99",
      "2001:db8:77:0::/64",
      "2001:db8:77:0:0:0:0:15",
      ...userAgents,
      "Zebrafinch",
      referrer,
      "why-i-learn-spanish",
      "secret-path-7731",
    ]
    for (const bytes of [bytesToday, bytesTomorrow]) {
      expect(bytes.length).toBeGreaterThan(0)
      expect(sent.filter((text) => bytes.includes(Buffer.from(text, "utf8")))).toEqual([])
    }
    expect(bytesTomorrow.includes(Buffer.from("blog.example.org"))).toBe(true)
    // Every line of the log: each request's, and the counter's own.
    expect(site.logLines().filter((line) => line.msg === "request").length).toBeGreaterThanOrEqual(
      addresses.length * userAgents.length * 2,
    )
    expect(sent.filter((text) => site.logText().includes(text))).toEqual([])
  })

  it("serves every page while the store is down, loses only the counts of the outage, and counts again once it is back", async () => {
    const healthy = await newStore()
    const broken = await outage.break(healthy)
    const site = await start(broken)
    const started = performance.now()
    for (let i = 0; i < 20; i += 1)
      expect(await visit(site, i % 2 ? "/contact" : "/", browser(BROWSERS.chrome))).toBe(200)
    expect(performance.now() - started).toBeLessThan(5000)
    await site.visits.flush()
    expect(site.logLines()).toContainEqual(
      expect.objectContaining({
        level: "error",
        msg: "visits: the counts of page views are lost: the store could not be written",
        pageViews: 20,
      }),
    )
    const scraped = await site.metrics()
    expect(scraped).toContain('storyling_page_views_total{outcome="lost"} 20')
    expect(scraped).toMatch(/^storyling_visit_writes_failed_total [1-9]\d*$/m)

    await outage.mend(broken)
    // The store reconnects on its own; wait for it the way the timer would.
    for (let tries = 0; tries < 50; tries += 1) {
      await visit(site, "/", browser(BROWSERS.firefox))
      await site.visits.flush()
      try {
        if ((today(await stats(site, broken))?.pageviews ?? 0) > 0) break
      } catch {
        // Not back yet.
      }
      await pause(200)
    }
    const result = await stats(site, broken)
    expect(today(result)).toMatchObject({ visitors: 1 })
    expect(today(result)?.pageviews).toBeGreaterThan(0)
  }, 60_000)
}
