/**
 * The statistics of visits, written once for `npm run waitlist -- stats`
 * and the admin's dashboard: per day and per source the funnel (visitors,
 * contact page, sign-ups, confirmed) beside the store clicks, and the
 * period's pages and languages.
 */
import type {
  DayStats,
  PageStats,
  SourceStats,
  StoreClicks,
  StoreClickStats,
  VisitStats,
} from "../../admin-api/visit-stats"
import { campaignValue, INTERNAL, OTHER, sourceFromKey, sourceKey, sourceOf } from "./traffic-source"
import { addDays, dayOf } from "./visit-day"
import type { Db } from "../db/db"
import {
  dayTotals,
  languageCounts,
  signupCounts,
  STATS_TOP,
  topClickSources,
  topPages,
  topStoreClicks,
  topVisitorSources,
  type SignupOrigin,
} from "./visit-stats-queries"

const NO_CLICKS: StoreClicks = { appStoreClicks: 0, googlePlayClicks: 0 }
/** The field of StoreClicks a store's clicks add to. */
const clicksOf = (store: string): keyof StoreClicks => (store === "apple" ? "appStoreClicks" : "googlePlayClicks")

/** The most days a period may have. */
export const MAX_STATS_DAYS = 366

/**
 * The source of an entry's sign-ups, by the rules of page views (see
 * originOf): its first sign-up's campaign, else its referrer's host
 * without `www.`, else DIRECT; INTERNAL for a page of the site itself.
 */
function sourceOfSignups(
  { referrerHost, utmSource, utmMedium, utmCampaign }: SignupOrigin,
  ownHostNames: readonly string[],
): string {
  const host = (referrerHost ?? "").replace(/^www\./, "")
  const internal = referrerHost !== null && ownHostNames.includes(referrerHost)
  const origin = {
    referrer: internal ? "" : host.length > 253 ? OTHER : host,
    internal,
    utmSource: campaignValue(utmSource),
    utmMedium: campaignValue(utmMedium),
    utmCampaign: campaignValue(utmCampaign),
  }
  return sourceKey(sourceOf(origin) ?? { source: INTERNAL, medium: origin.utmMedium, campaign: origin.utmCampaign })
}

/**
 * The pages the mails link to (confirm, leave): reached from a mail, not
 * from the site, so they are visits but no top page.
 */
const isMailLinkPage = (page: string) => page.startsWith("/waitlist/")

/**
 * Why a step of the funnel exceeds the one before it, in the period's
 * totals: each step counts people (distinct visitors of a day, distinct
 * addresses), but a visitor is counted only when their browser lets it be.
 */
function funnelNoteOf(days: DayStats[]): string | null {
  const total = (pick: (day: DayStats) => number) => days.reduce((sum, day) => sum + pick(day), 0)
  const [contact, signups] = [total((day) => day.contactVisitors), total((day) => day.signups)]
  if (signups > contact)
    return "More sign-ups than visitors of the contact page: a visitor whose browser asks not to be tracked, or who sends the form without loading the page (a script, the API), is not counted as a visitor but their sign-up counts, and one visitor may sign up more than one address."
  return null
}

/**
 * The statistics of the `days` days up to and including today (UTC), each
 * table its STATS_TOP largest rows and, when there is more, one OTHER row
 * with the rest, read as counts the database sums (see
 * visit-stats-queries.ts): the answer's size is bounded whatever the
 * tables hold.
 * @param ownHosts the site's hosts: a sign-up made from a page of the site itself, without campaign parameters, counts under INTERNAL
 */
export async function visitStats(
  db: Db,
  { days, now, ownHosts }: { days: number; now: Date; ownHosts: readonly string[] },
): Promise<VisitStats> {
  const last = dayOf(now)
  const first = addDays(last, 1 - days)
  const ownHostNames = ownHosts.map((host) => host.replace(/:\d+$/, "").toLowerCase())
  const totals = await dayTotals(db, first, last)
  const signups = await signupCounts(db, first, last)
  const signupDays = new Map(signups.days.map((day) => [day.day, day]))
  const dayList = Array.from({ length: days }, (_, i): DayStats => {
    const date = addDays(first, i)
    const clicksOf = (store: string) =>
      totals.clicks.filter((row) => row.day === date && row.store === store).reduce((n, row) => n + row.clicks, 0)
    return {
      date,
      visitors: totals.visitors.get(date) ?? 0,
      pageviews: totals.views.get(date) ?? 0,
      contactVisitors: totals.contactVisitors.get(date) ?? 0,
      signups: signupDays.get(date)?.signups ?? 0,
      confirmed: signupDays.get(date)?.confirmed ?? 0,
      appStoreClicks: clicksOf("apple"),
      googlePlayClicks: clicksOf("google"),
    }
  })
  return {
    days: dayList,
    pages: await pageStats(db, first, last),
    sources: await sourceStats(db, first, last, signups, dayList, ownHostNames),
    languages: (await languageCounts(db, first, last))
      .map(({ language, views, visitors }) => ({ language, pageviews: views, visitors }))
      .sort((a, b) => b.pageviews - a.pageviews || byName(a.language, b.language)),
    storeClicks: await storeClickStats(db, first, last),
    funnelNote: funnelNoteOf(dayList),
  }
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The pages with the most views, the rest as OTHER. */
async function pageStats(db: Db, first: string, last: string): Promise<PageStats[]> {
  const { pages, visitors, visitorsTotal } = await topPages(db, first, last)
  const rows = pages.rows
    .filter((row) => !isMailLinkPage(row.page))
    .map((row) => ({ page: row.page, pageviews: row.views, visitors: visitors.get(row.page) ?? 0 }))
  const rest = {
    page: OTHER,
    pageviews: pages.total - rows.reduce((n, row) => n + row.pageviews, 0),
    visitors: visitorsTotal - rows.reduce((n, row) => n + row.visitors, 0),
  }
  const merged = rows.filter((row) => row.page !== OTHER)
  const other = rows.find((row) => row.page === OTHER)
  if (other)
    Object.assign(rest, { pageviews: rest.pageviews + other.pageviews, visitors: rest.visitors + other.visitors })
  return [
    ...merged.sort((a, b) => b.pageviews - a.pageviews || b.visitors - a.visitors || byName(a.page, b.page)),
    ...(rest.pageviews > 0 || rest.visitors > 0 ? [rest] : []),
  ]
}

/** Store clicks by store, platform and source, the rest as one OTHER row. */
async function storeClickStats(db: Db, first: string, last: string): Promise<StoreClickStats[]> {
  const top = await topStoreClicks(db, first, last)
  const rest = top.total - top.rows.reduce((n, row) => n + row.clicks, 0)
  return [
    ...top.rows,
    ...(rest > 0 ? [{ store: OTHER, platform: OTHER, source: OTHER, medium: "", campaign: "", clicks: rest }] : []),
  ]
}

/** The sources with the most visitors and sign-ups, with the funnel and the store clicks of each, the rest as one OTHER source. */
async function sourceStats(
  db: Db,
  first: string,
  last: string,
  signups: Awaited<ReturnType<typeof signupCounts>>,
  dayList: DayStats[],
  ownHostNames: readonly string[],
): Promise<SourceStats[]> {
  const sources = new Map<string, SourceStats>()
  const source = (key: string) => {
    let item = sources.get(key)
    if (!item) {
      item = { ...sourceFromKey(key), visitors: 0, contactVisitors: 0, signups: 0, confirmed: 0, ...NO_CLICKS }
      sources.set(key, item)
    }
    return item
  }
  const visitors = await topVisitorSources(db, first, last, "source")
  for (const row of visitors.rows) source(row.key).visitors += row.visitors
  const contact = await topVisitorSources(db, first, last, "contact-source")
  for (const row of contact.rows) source(row.key).contactVisitors += row.visitors
  for (const origin of signups.origins.rows) {
    const item = source(sourceOfSignups(origin, ownHostNames))
    item.signups += origin.signups
    item.confirmed += origin.confirmed
  }
  const clicks = await topClickSources(db, first, last)
  for (const row of clicks.rows) source(sourceKey(row))[clicksOf(row.store)] += row.clicks
  const ranked = [...sources.values()].sort(
    (a, b) =>
      b.visitors - a.visitors ||
      b.signups - a.signups ||
      byName(a.source, b.source) ||
      byName(a.medium, b.medium) ||
      byName(a.campaign, b.campaign),
  )
  const shown = ranked.filter((row) => row.source !== OTHER).slice(0, STATS_TOP)
  const shownSum = (pick: (row: SourceStats) => number) => shown.reduce((n, row) => n + pick(row), 0)
  const periodSum = (pick: (day: DayStats) => number) => dayList.reduce((n, day) => n + pick(day), 0)
  const rest: SourceStats = {
    source: OTHER,
    medium: "",
    campaign: "",
    visitors: visitors.total - shownSum((row) => row.visitors),
    contactVisitors: contact.total - shownSum((row) => row.contactVisitors),
    signups: signups.origins.total - shownSum((row) => row.signups),
    confirmed: signups.confirmedTotal - shownSum((row) => row.confirmed),
    appStoreClicks: periodSum((day) => day.appStoreClicks) - shownSum((row) => row.appStoreClicks),
    googlePlayClicks: periodSum((day) => day.googlePlayClicks) - shownSum((row) => row.googlePlayClicks),
  }
  const anyRest = [rest.visitors, rest.contactVisitors, rest.signups, rest.appStoreClicks, rest.googlePlayClicks].some(
    (n) => n > 0,
  )
  return [...shown, ...(anyRest ? [rest] : [])]
}
