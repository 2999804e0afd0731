/**
 * The reads of the statistics of visits (see visit-stats.ts), each
 * aggregated by the database with an answer of bounded size whatever the
 * tables hold: per day (a period has at most MAX_STATS_DAYS), or the
 * STATS_TOP largest of a table with the total beside them, so that the
 * rest is summed as OTHER. Written once for SQLite and PostgreSQL.
 */
import type { Db } from "../db/db"
import { storedTime } from "../db/schema"

/** The most rows of each table of the statistics (pages, sources, store clicks); the rest counts as OTHER. */
export const STATS_TOP = 50

const DAY_MS = 24 * 60 * 60 * 1000
const sum = (value: unknown) => Number(value ?? 0)

/** A period's per-day totals: page views, visitors, visitors of the contact page, and store clicks per store. */
export type DayTotals = {
  views: Map<string, number>
  visitors: Map<string, number>
  contactVisitors: Map<string, number>
  clicks: { day: string; store: string; clicks: number }[]
}

/** The per-day totals of the days from `first` to `last`. */
export function dayTotals(db: Db, first: string, last: string): Promise<DayTotals> {
  return db.read(async (on) => {
    const views = await on
      .selectFrom("visit_views")
      .select(["day", (eb) => eb.fn.sum("views").as("n")])
      .where("day", ">=", first)
      .where("day", "<=", last)
      .groupBy("day")
      .execute()
    const visitors = await on
      .selectFrom("visit_visitor_counts")
      .select(["day", "dimension", "visitors"])
      .where("day", ">=", first)
      .where("day", "<=", last)
      .where("dimension", "in", ["all", "contact"])
      .where("value", "=", "")
      .execute()
    const clicks = await on
      .selectFrom("store_clicks")
      .select(["day", "store", (eb) => eb.fn.sum("clicks").as("n")])
      .where("day", ">=", first)
      .where("day", "<=", last)
      .groupBy(["day", "store"])
      .execute()
    const of = (dimension: string) =>
      new Map(visitors.filter((row) => row.dimension === dimension).map((row) => [row.day, sum(row.visitors)]))
    return {
      views: new Map(views.map((row) => [row.day, sum(row.n)])),
      visitors: of("all"),
      contactVisitors: of("contact"),
      clicks: clicks.map((row) => ({ day: row.day, store: row.store, clicks: sum(row.n) })),
    }
  })
}

/** The largest values of a table by one count, and that count's total over every value. */
export type Top<T> = { rows: T[]; total: number }

/** The STATS_TOP pages with the most views (mail links' pages left out), with their views and visitors; and the totals. */
export function topPages(
  db: Db,
  first: string,
  last: string,
): Promise<{ pages: Top<{ page: string; views: number }>; visitors: Map<string, number>; visitorsTotal: number }> {
  return db.read(async (on) => {
    const ofPeriod = on
      .selectFrom("visit_views")
      .where("day", ">=", first)
      .where("day", "<=", last)
      .where("page", "not like", "/waitlist/%")
    const rows = await ofPeriod
      .select(["page", (eb) => eb.fn.sum("views").as("n")])
      .groupBy("page")
      .orderBy("n", "desc")
      .orderBy("page")
      .limit(STATS_TOP)
      .execute()
    const total = await ofPeriod.select((eb) => eb.fn.sum("views").as("n")).executeTakeFirst()
    const counted = on
      .selectFrom("visit_visitor_counts")
      .where("day", ">=", first)
      .where("day", "<=", last)
      .where("dimension", "=", "page")
      .where("value", "not like", "/waitlist/%")
    const pages = rows.map((row) => row.page)
    const visitors =
      pages.length === 0
        ? []
        : await counted
            .select(["value", (eb) => eb.fn.sum("visitors").as("n")])
            .where("value", "in", pages)
            .groupBy("value")
            .execute()
    const visitorsTotal = await counted.select((eb) => eb.fn.sum("visitors").as("n")).executeTakeFirst()
    return {
      pages: { rows: rows.map((row) => ({ page: row.page, views: sum(row.n) })), total: sum(total?.n) },
      visitors: new Map(visitors.map((row) => [row.value, sum(row.n)])),
      visitorsTotal: sum(visitorsTotal?.n),
    }
  })
}

/** Page views and visitors per language (a handful: the site's languages). */
export function languageCounts(
  db: Db,
  first: string,
  last: string,
): Promise<{ language: string; views: number; visitors: number }[]> {
  return db.read(async (on) => {
    const views = await on
      .selectFrom("visit_views")
      .select(["language", (eb) => eb.fn.sum("views").as("n")])
      .where("day", ">=", first)
      .where("day", "<=", last)
      .groupBy("language")
      .orderBy("n", "desc")
      .limit(STATS_TOP)
      .execute()
    const visitors = await on
      .selectFrom("visit_visitor_counts")
      .select(["value", (eb) => eb.fn.sum("visitors").as("n")])
      .where("day", ">=", first)
      .where("day", "<=", last)
      .where("dimension", "=", "language")
      .groupBy("value")
      .orderBy("n", "desc")
      .limit(STATS_TOP)
      .execute()
    const byLanguage = new Map(
      views.map((row) => [row.language, { language: row.language, views: sum(row.n), visitors: 0 }]),
    )
    for (const row of visitors) {
      const item = byLanguage.get(row.value) ?? { language: row.value, views: 0, visitors: 0 }
      item.visitors = sum(row.n)
      byLanguage.set(row.value, item)
    }
    return [...byLanguage.values()]
  })
}

/** The STATS_TOP sources (see sourceKey) with the most visitors, and with the most contact visitors, each with the total. */
export function topVisitorSources(
  db: Db,
  first: string,
  last: string,
  dimension: "source" | "contact-source",
): Promise<Top<{ key: string; visitors: number }>> {
  return db.read(async (on) => {
    const ofPeriod = on
      .selectFrom("visit_visitor_counts")
      .where("day", ">=", first)
      .where("day", "<=", last)
      .where("dimension", "=", dimension)
    const rows = await ofPeriod
      .select(["value", (eb) => eb.fn.sum("visitors").as("n")])
      .groupBy("value")
      .orderBy("n", "desc")
      .orderBy("value")
      .limit(STATS_TOP)
      .execute()
    const total = await ofPeriod.select((eb) => eb.fn.sum("visitors").as("n")).executeTakeFirst()
    return { rows: rows.map((row) => ({ key: row.value, visitors: sum(row.n) })), total: sum(total?.n) }
  })
}

/** Sign-ups from one origin (their first sign-up's referrer host and campaign), and how many are confirmed. */
export type SignupOrigin = {
  referrerHost: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  signups: number
  confirmed: number
}

/** The sign-ups of the period per day, and the STATS_TOP origins with the most, with the totals. */
export function signupCounts(
  db: Db,
  first: string,
  last: string,
): Promise<{
  days: { day: string; signups: number; confirmed: number }[]
  origins: Top<SignupOrigin>
  confirmedTotal: number
}> {
  return db.read(async (on) => {
    const day = db.utcDay("created_at")
    const ofPeriod = on
      .selectFrom("waitlist_entries")
      .where("created_at", ">=", storedTime(new Date(`${first}T00:00:00.000Z`)))
      .where("created_at", "<", storedTime(new Date(new Date(`${last}T00:00:00.000Z`).getTime() + DAY_MS)))
    const days = await ofPeriod
      .select([day.as("day"), (eb) => eb.fn.countAll().as("n"), (eb) => eb.fn.count("confirmed_at").as("confirmed")])
      .groupBy(day)
      .execute()
    const origins = await ofPeriod
      .select([
        "referrer_host",
        "utm_source",
        "utm_medium",
        "utm_campaign",
        (eb) => eb.fn.countAll().as("n"),
        (eb) => eb.fn.count("confirmed_at").as("confirmed"),
      ])
      .groupBy(["referrer_host", "utm_source", "utm_medium", "utm_campaign"])
      .orderBy("n", "desc")
      .orderBy("referrer_host")
      .orderBy("utm_source")
      .limit(STATS_TOP)
      .execute()
    const total = await ofPeriod
      .select([(eb) => eb.fn.countAll().as("n"), (eb) => eb.fn.count("confirmed_at").as("confirmed")])
      .executeTakeFirst()
    return {
      days: days.map((row) => ({ day: String(row.day), signups: sum(row.n), confirmed: sum(row.confirmed) })),
      origins: {
        rows: origins.map((row) => ({
          referrerHost: row.referrer_host,
          utmSource: row.utm_source,
          utmMedium: row.utm_medium,
          utmCampaign: row.utm_campaign,
          signups: sum(row.n),
          confirmed: sum(row.confirmed),
        })),
        total: sum(total?.n),
      },
      confirmedTotal: sum(total?.confirmed),
    }
  })
}

/** Store clicks of one store, platform and source. */
export type ClickCount = {
  store: string
  platform: string
  source: string
  medium: string
  campaign: string
  clicks: number
}

/** The STATS_TOP combinations of store, platform and source with the most clicks, with the total. */
export function topStoreClicks(db: Db, first: string, last: string): Promise<Top<ClickCount>> {
  return db.read(async (on) => {
    const ofPeriod = on.selectFrom("store_clicks").where("day", ">=", first).where("day", "<=", last)
    const rows = await ofPeriod
      .select(["store", "platform", "source", "medium", "campaign", (eb) => eb.fn.sum("clicks").as("n")])
      .groupBy(["store", "platform", "source", "medium", "campaign"])
      .orderBy("n", "desc")
      .orderBy("store")
      .orderBy("platform")
      .orderBy("source")
      .limit(STATS_TOP)
      .execute()
    const total = await ofPeriod.select((eb) => eb.fn.sum("clicks").as("n")).executeTakeFirst()
    return { rows: rows.map(({ n, ...row }) => ({ ...row, clicks: sum(n) })), total: sum(total?.n) }
  })
}

/** The STATS_TOP sources with the most clicks per store (see sourceKey's parts), with the totals per store. */
export function topClickSources(
  db: Db,
  first: string,
  last: string,
): Promise<Top<{ store: string; source: string; medium: string; campaign: string; clicks: number }>> {
  return db.read(async (on) => {
    const ofPeriod = on.selectFrom("store_clicks").where("day", ">=", first).where("day", "<=", last)
    const rows = await ofPeriod
      .select(["store", "source", "medium", "campaign", (eb) => eb.fn.sum("clicks").as("n")])
      .groupBy(["store", "source", "medium", "campaign"])
      .orderBy("n", "desc")
      .orderBy("source")
      .limit(STATS_TOP)
      .execute()
    const total = await ofPeriod.select((eb) => eb.fn.sum("clicks").as("n")).executeTakeFirst()
    return { rows: rows.map(({ n, ...row }) => ({ ...row, clicks: sum(n) })), total: sum(total?.n) }
  })
}
