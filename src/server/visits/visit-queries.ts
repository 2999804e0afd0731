/**
 * The counting of visits in the database, its statements written once for
 * SQLite and PostgreSQL: counts, the salt of each day, and the keyed hashes
 * of the day's visitors until the day ends. Never an address, a User-Agent
 * or a whole referrer.
 */
import { randomBytes } from "crypto"
import { sql } from "kysely"
import type { Db, On } from "../db/db"
import { addDays } from "./visit-day"
import type { KnownValues, PageViews, ViewCount, VisitorCount, VisitorRow } from "./visit-counts"

/** Rows written by one statement: far under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 500

const chunks = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / ROWS_PER_INSERT) }, (_, i) => rows.slice(i * ROWS_PER_INSERT, (i + 1) * ROWS_PER_INSERT))

/** The name the days are closed under: on PostgreSQL, one instance at a time closes them. */
const CLOSING_LOCK = "visits: close the days"

/**
 * The visitors of the open days whose rows lie in [first, last], counted as
 * the closed days are: per day and dimension, and the contact visitors of
 * each source (a visitor with a "source" row and a "contact" row). Each row
 * is one visitor under one value (the table's key), so a count of rows is a
 * count of visitors.
 */
function countVisitorRows(db: On, first: string, last: string) {
  const perDimension = db
    .selectFrom("visit_visitors")
    .select(["day", "dimension", "value", (eb) => eb.fn.countAll<number>().as("visitors")])
    .where("day", ">=", first)
    .where("day", "<=", last)
    .groupBy(["day", "dimension", "value"])
  const contactPerSource = db
    .selectFrom("visit_visitors as s")
    .innerJoin("visit_visitors as c", (join) =>
      join.onRef("c.day", "=", "s.day").on("c.dimension", "=", "contact").on("c.value", "=", "").onRef("c.visitor", "=", "s.visitor"),
    )
    .select(["s.day as day", sql<string>`'contact-source'`.as("dimension"), "s.value as value", (eb) => eb.fn.countAll<number>().as("visitors")])
    .where("s.dimension", "=", "source")
    .where("s.day", ">=", first)
    .where("s.day", "<=", last)
    .groupBy(["s.day", "s.value"])
  return perDimension.unionAll(contactPerSource)
}

const dayBefore = (day: string) => addDays(day, -1)

/** The salt of a day, made by the first instance that asks and shared by all through the database. */
export function daySalt(db: Db, day: string): Promise<string> {
  return db.write(async (trx) => {
    await trx.insertInto("visit_salts").values({ day, salt: randomBytes(32).toString("base64url") }).onConflict((conflict) => conflict.column("day").doNothing()).execute()
    return (await trx.selectFrom("visit_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow()).salt
  })
}

/** The values a day has counted so far, for the daily caps. */
export function knownValues(db: Db, day: string): Promise<KnownValues> {
  return db.read(async (on) => {
    const distinct = async (column: "page" | "referrer" | "utm_source" | "utm_medium" | "utm_campaign") =>
      (await on.selectFrom("visit_views").select(column).distinct().where("day", "=", day).execute()).map((row) => row[column] as string)
    return {
      page: await distinct("page"),
      referrer: await distinct("referrer"),
      utmSource: await distinct("utm_source"),
      utmMedium: await distinct("utm_medium"),
      utmCampaign: await distinct("utm_campaign"),
    }
  })
}

/** Writes a batch in one transaction: adds its views to the counts, and its visitors (each once a day and dimension). */
export function recordVisits(db: Db, views: ViewCount[], visitors: VisitorRow[]): Promise<void> {
  return db.write(async (trx) => {
    for (const rows of chunks(views)) {
      await trx
        .insertInto("visit_views")
        .values(
          rows.map((row) => ({
            day: row.day,
            page: row.page,
            language: row.language,
            referrer: row.referrer,
            utm_source: row.utmSource,
            utm_medium: row.utmMedium,
            utm_campaign: row.utmCampaign,
            views: row.views,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(["day", "page", "language", "referrer", "utm_source", "utm_medium", "utm_campaign"]).doUpdateSet({ views: sql`visit_views.views + excluded.views` }),
        )
        .execute()
    }
    for (const rows of chunks(visitors)) {
      await trx
        .insertInto("visit_visitors")
        .values(rows)
        .onConflict((conflict) => conflict.columns(["day", "dimension", "value", "visitor"]).doNothing())
        .execute()
    }
  })
}

/**
 * Closes the days before `today`: their visitors become counts and their
 * rows are deleted; and deletes the salts of the days before yesterday,
 * so nobody can tell whether a visitor of those days came back (a
 * periodic job, on one instance at a time).
 */
export function closeVisitDays(db: Db, today: string): Promise<void> {
  return db.write(async (trx) => {
    await db.lock(trx, CLOSING_LOCK)
    const open = await trx.selectFrom("visit_visitors").select("day").where("day", "<", today).limit(1).executeTakeFirst()
    if (open) {
      await trx
        .insertInto("visit_visitor_counts")
        .columns(["day", "dimension", "value", "visitors"])
        .expression(countVisitorRows(trx, "0000-00-00", dayBefore(today)))
        .onConflict((conflict) => conflict.columns(["day", "dimension", "value"]).doUpdateSet({ visitors: sql`visit_visitor_counts.visitors + excluded.visitors` }))
        .execute()
      await trx.deleteFrom("visit_visitors").where("day", "<", today).execute()
    }
    await trx.deleteFrom("visit_salts").where("day", "<", dayBefore(today)).execute()
  })
}

/** Page views of the days from `first` to `last` (inclusive), summed per day, page and language. */
export function viewsBetween(db: Db, first: string, last: string): Promise<PageViews[]> {
  return db.read(async (on) => {
    const rows = await on
      .selectFrom("visit_views")
      .select(["day", "page", "language", (eb) => eb.fn.sum<number | string>("views").as("views")])
      .where("day", ">=", first)
      .where("day", "<=", last)
      .groupBy(["day", "page", "language"])
      .execute()
    return rows.map((row) => ({ ...row, views: Number(row.views) }))
  })
}

/** Visitors of the days from `first` to `last`: the counts of closed days and the rows of open ones, counted alike. */
export function visitorsBetween(db: Db, first: string, last: string): Promise<VisitorCount[]> {
  return db.read(async (on) => {
    const closed = await on.selectFrom("visit_visitor_counts").selectAll().where("day", ">=", first).where("day", "<=", last).execute()
    const open = await countVisitorRows(on, first, last).execute()
    return [...closed, ...open].map((row) => ({ ...row, visitors: Number(row.visitors) }) as VisitorCount)
  })
}
