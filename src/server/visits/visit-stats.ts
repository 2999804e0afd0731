/**
 * The statistics of visits, written once: what `npm run waitlist -- stats`
 * prints and what the admin's dashboard will chart. Per day the funnel:
 * visitors, visitors of the contact page, sign-ups of that day, and how
 * many of those sign-ups have confirmed their address since, and beside
 * it the browsers `/get` sent to each store; the pages, sources (with the
 * same funnel) and languages of the whole period, and the store clicks by
 * store, platform and source.
 */
import { INTERNAL, originOf, sourceFromKey, sourceKey, sourceOf, type Source } from "./traffic-source"
import { addDays, dayOf, startOf } from "./visit-day"
import type { Db } from "../db/db"
import { signupsBetween } from "../signup/sign-up-figures"
import { viewsBetween, visitorsBetween } from "./visit-queries"
import { storeClicksBetween, type StoreClickCount } from "./store-click-queries"

/** The browsers `/get` sent to each store. */
export type StoreClicks = { appStoreClicks: number; googlePlayClicks: number }
export type DayStats = { date: string; visitors: number; pageviews: number; contactVisitors: number; signups: number; confirmed: number } & StoreClicks
export type PageStats = { page: string; visitors: number; pageviews: number }
export type SourceStats = Source & { visitors: number; contactVisitors: number; signups: number; confirmed: number } & StoreClicks
export type LanguageStats = { language: string; visitors: number; pageviews: number }
/** Store clicks of the period by store, platform and source. */
export type StoreClickStats = Omit<StoreClickCount, "day">

/** The statistics of a period, as `stats --json` prints them. Visitors of a page, source or language are summed over the days: one person on two days counts twice. */
export type VisitStats = { days: DayStats[]; pages: PageStats[]; sources: SourceStats[]; languages: LanguageStats[]; storeClicks: StoreClickStats[] }

const NO_CLICKS: StoreClicks = { appStoreClicks: 0, googlePlayClicks: 0 }
/** The field of StoreClicks a store's clicks add to. */
const clicksOf = (store: string): keyof StoreClicks => (store === "apple" ? "appStoreClicks" : "googlePlayClicks")

/** The most days a period may have. */
export const MAX_STATS_DAYS = 366

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

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
export async function visitStats(db: Db, { days, now, ownHosts }: { days: number; now: Date; ownHosts: readonly string[] }): Promise<VisitStats> {
  const last = dayOf(now)
  const first = addDays(last, 1 - days)
  const [views, visitors, signups] = [await viewsBetween(db, first, last), await visitorsBetween(db, first, last), await signupsBetween(db, startOf(first), startOf(addDays(last, 1)))]
  const clicks = await storeClicksBetween(db, first, last)

  const byDay = new Map(Array.from({ length: days }, (_, i): [string, DayStats] => {
    const date = addDays(first, i)
    return [date, { date, visitors: 0, pageviews: 0, contactVisitors: 0, signups: 0, confirmed: 0, ...NO_CLICKS }]
  }))
  const pages = new Map<string, PageStats>()
  const languages = new Map<string, LanguageStats>()
  const sources = new Map<string, SourceStats>()
  const source = (key: string) => () => ({ ...sourceFromKey(key), visitors: 0, contactVisitors: 0, signups: 0, confirmed: 0, ...NO_CLICKS })
  const storeClicks = new Map<string, StoreClickStats>()

  for (const view of views) {
    const day = byDay.get(view.day)
    if (day) day.pageviews += view.views
    bump(pages, view.page, () => ({ page: view.page, visitors: 0, pageviews: 0 }), (page) => (page.pageviews += view.views))
    bump(languages, view.language, () => ({ language: view.language, visitors: 0, pageviews: 0 }), (language) => (language.pageviews += view.views))
  }
  for (const { day: date, dimension, value, visitors: count } of visitors) {
    const day = byDay.get(date)
    if (dimension === "all" && day) day.visitors += count
    else if (dimension === "contact" && day) day.contactVisitors += count
    else if (dimension === "page") bump(pages, value, () => ({ page: value, visitors: 0, pageviews: 0 }), (page) => (page.visitors += count))
    else if (dimension === "language") bump(languages, value, () => ({ language: value, visitors: 0, pageviews: 0 }), (language) => (language.visitors += count))
    else if (dimension === "source") bump(sources, value, source(value), (item) => (item.visitors += count))
    else if (dimension === "contact-source") bump(sources, value, source(value), (item) => (item.contactVisitors += count))
  }
  for (const { createdAt, confirmed, metadata } of signups) {
    const day = byDay.get(dayOf(createdAt))
    if (day) {
      day.signups += 1
      if (confirmed) day.confirmed += 1
    }
    const utm = metadata.utm
    const referrer = typeof metadata.referrer === "string" ? metadata.referrer : null
    const origin = originOf(referrer, (name) => (isObject(utm) && Object.prototype.hasOwnProperty.call(utm, name) ? utm[name] : undefined), ownHosts)
    const key = sourceKey(sourceOf(origin) ?? { source: INTERNAL, medium: origin.utmMedium, campaign: origin.utmCampaign })
    bump(sources, key, source(key), (item) => {
      item.signups += 1
      if (confirmed) item.confirmed += 1
    })
  }

  for (const { day: date, clicks: count, ...click } of clicks) {
    const field = clicksOf(click.store)
    const day = byDay.get(date)
    if (day) day[field] += count
    bump(sources, sourceKey(click), source(sourceKey(click)), (item) => (item[field] += count))
    bump(storeClicks, JSON.stringify([click.store, click.platform, click.source, click.medium, click.campaign]), () => ({ ...click, clicks: 0 }), (item) => (item.clicks += count))
  }

  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return {
    days: [...byDay.values()],
    pages: [...pages.values()].sort((a, b) => b.pageviews - a.pageviews || b.visitors - a.visitors || byName(a.page, b.page)),
    sources: [...sources.values()].sort((a, b) => b.visitors - a.visitors || b.signups - a.signups || byName(a.source, b.source) || byName(a.medium, b.medium) || byName(a.campaign, b.campaign)),
    languages: [...languages.values()].sort((a, b) => b.pageviews - a.pageviews || byName(a.language, b.language)),
    storeClicks: [...storeClicks.values()].sort((a, b) => b.clicks - a.clicks || byName(a.store, b.store) || byName(a.platform, b.platform) || byName(a.source, b.source) || byName(a.medium, b.medium) || byName(a.campaign, b.campaign)),
  }
}
