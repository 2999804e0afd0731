/**
 * The statistics of visits, written once for `npm run waitlist -- stats`
 * and the admin's dashboard: per day and per source the funnel (visitors,
 * contact page, sign-ups, confirmed) beside the store clicks, and the
 * period's pages and languages.
 */
import type {
  DayStats,
  LanguageStats,
  PageStats,
  SourceStats,
  StoreClicks,
  StoreClickStats,
  VisitStats,
} from "../../admin-api/visit-stats"
import { campaignValue, INTERNAL, OTHER, sourceFromKey, sourceKey, sourceOf } from "./traffic-source"
import { addDays, dayOf } from "./visit-day"
import type { Db } from "../db/db"
import { signupCountsBetween, type SignupCount } from "../entries/sign-up-figures"
import { spans, viewsBetween, visitorsBetween } from "./visit-queries"
import { storeClicksBetween } from "./store-click-queries"

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
  { referrerHost, utmSource, utmMedium, utmCampaign }: SignupCount,
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

/** Adds `amount` to the counter of `key`, creating it with `fresh` first. */
function bump<T>(map: Map<string, T>, key: string, fresh: () => T, change: (item: T) => void) {
  let item = map.get(key)
  if (!item) {
    item = fresh()
    map.set(key, item)
  }
  change(item)
}

/**
 * The statistics of the `days` days up to and including today (UTC).
 * @param ownHosts the site's hosts: a sign-up made from a page of the site itself, without campaign parameters, counts under INTERNAL
 */
export async function visitStats(
  db: Db,
  { days, now, ownHosts }: { days: number; now: Date; ownHosts: readonly string[] },
): Promise<VisitStats> {
  const last = dayOf(now)
  const first = addDays(last, 1 - days)
  const [views, visitors] = [await viewsBetween(db, first, last), await visitorsBetween(db, first, last)]
  const signups: SignupCount[] = []
  for (const [from, to] of spans(first, last)) signups.push(...(await signupCountsBetween(db, from, to)))
  const ownHostNames = ownHosts.map((host) => host.replace(/:\d+$/, "").toLowerCase())
  const clicks = await storeClicksBetween(db, first, last)

  const byDay = new Map(
    Array.from({ length: days }, (_, i): [string, DayStats] => {
      const date = addDays(first, i)
      return [date, { date, visitors: 0, pageviews: 0, contactVisitors: 0, signups: 0, confirmed: 0, ...NO_CLICKS }]
    }),
  )
  const pages = new Map<string, PageStats>()
  const languages = new Map<string, LanguageStats>()
  const sources = new Map<string, SourceStats>()
  const source = (key: string) => () => ({
    ...sourceFromKey(key),
    visitors: 0,
    contactVisitors: 0,
    signups: 0,
    confirmed: 0,
    ...NO_CLICKS,
  })
  const storeClicks = new Map<string, StoreClickStats>()

  for (const view of views) {
    const day = byDay.get(view.day)
    if (day) day.pageviews += view.views
    bump(
      pages,
      view.page,
      () => ({ page: view.page, visitors: 0, pageviews: 0 }),
      (page) => (page.pageviews += view.views),
    )
    bump(
      languages,
      view.language,
      () => ({ language: view.language, visitors: 0, pageviews: 0 }),
      (language) => (language.pageviews += view.views),
    )
  }
  for (const { day: date, dimension, value, visitors: count } of visitors) {
    const day = byDay.get(date)
    if (dimension === "all" && day) day.visitors += count
    else if (dimension === "contact" && day) day.contactVisitors += count
    else if (dimension === "page")
      bump(
        pages,
        value,
        () => ({ page: value, visitors: 0, pageviews: 0 }),
        (page) => (page.visitors += count),
      )
    else if (dimension === "language")
      bump(
        languages,
        value,
        () => ({ language: value, visitors: 0, pageviews: 0 }),
        (language) => (language.visitors += count),
      )
    else if (dimension === "source") bump(sources, value, source(value), (item) => (item.visitors += count))
    else if (dimension === "contact-source")
      bump(sources, value, source(value), (item) => (item.contactVisitors += count))
  }
  for (const counted of signups) {
    const day = byDay.get(counted.day)
    if (day) {
      day.signups += counted.signups
      day.confirmed += counted.confirmed
    }
    const key = sourceOfSignups(counted, ownHostNames)
    bump(sources, key, source(key), (item) => {
      item.signups += counted.signups
      item.confirmed += counted.confirmed
    })
  }

  for (const { day: date, clicks: count, ...click } of clicks) {
    const field = clicksOf(click.store)
    const day = byDay.get(date)
    if (day) day[field] += count
    bump(sources, sourceKey(click), source(sourceKey(click)), (item) => (item[field] += count))
    bump(
      storeClicks,
      JSON.stringify([click.store, click.platform, click.source, click.medium, click.campaign]),
      () => ({ ...click, clicks: 0 }),
      (item) => (item.clicks += count),
    )
  }

  const dayList = [...byDay.values()]
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return {
    days: dayList,
    pages: [...pages.values()]
      .filter((page) => !isMailLinkPage(page.page))
      .sort((a, b) => b.pageviews - a.pageviews || b.visitors - a.visitors || byName(a.page, b.page)),
    sources: [...sources.values()].sort(
      (a, b) =>
        b.visitors - a.visitors ||
        b.signups - a.signups ||
        byName(a.source, b.source) ||
        byName(a.medium, b.medium) ||
        byName(a.campaign, b.campaign),
    ),
    languages: [...languages.values()].sort((a, b) => b.pageviews - a.pageviews || byName(a.language, b.language)),
    storeClicks: [...storeClicks.values()].sort(
      (a, b) =>
        b.clicks - a.clicks ||
        byName(a.store, b.store) ||
        byName(a.platform, b.platform) ||
        byName(a.source, b.source) ||
        byName(a.medium, b.medium) ||
        byName(a.campaign, b.campaign),
    ),
    funnelNote: funnelNoteOf(dayList),
  }
}
