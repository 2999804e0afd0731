/**
 * The counting of visits in the database, once for both stores: views per
 * day and dimensions, each day's salt, the keyed hashes of the day's
 * visitors, and their counts as they come, so a period is read from
 * counts (by visit-stats-queries.ts). Deletes go a slice at a time, so none
 * holds the event loop.
 */
import { randomBytes } from "crypto"
import { setImmediate } from "timers/promises"
import { sql, type ExpressionBuilder } from "kysely"
import type { Db, Tx } from "../db/db"
import type { Database } from "../db/schema"
import { addDays } from "./visit-day"
import type { KnownValues, ViewCount, VisitorRow } from "./visit-counts"

/** Rows written by one statement: far under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 500
/** The rows of visitors one slice of a day's close deletes: a few milliseconds. */
const ROWS_PER_SLICE = 2000

const chunks = <T>(rows: T[], size = ROWS_PER_INSERT): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size))

/** The key of a visitor's row, in its index's order. */
const VISITOR_KEY = ["day", "dimension", "value", "visitor"] as const
const keyOf = (row: VisitorRow) => [row.day, row.dimension, row.value, row.visitor] as const

/** The salt of a day, made by the first instance that asks and shared by all through the database. */
export function daySalt(db: Db, day: string): Promise<string> {
  return db.write(async (trx) => {
    await trx
      .insertInto("visit_salts")
      .values({ day, salt: randomBytes(32).toString("base64url") })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute()
    return (await trx.selectFrom("visit_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow()).salt
  })
}

/** What a day has counted so far, for its caps: the distinct values of its capped dimensions, its combinations of views, and its visitors. */
export function knownValues(db: Db, day: string): Promise<KnownValues> {
  return db.read(async (on) => {
    const views = await on
      .selectFrom("visit_views")
      .select(["page", "language", "referrer", "utm_source", "utm_medium", "utm_campaign"])
      .where("day", "=", day)
      .execute()
    const distinct = (column: "page" | "referrer" | "utm_source" | "utm_medium" | "utm_campaign") => [
      ...new Set(views.map((row) => row[column])),
    ]
    const visitors = await on
      .selectFrom("visit_visitor_counts")
      .select("visitors")
      .where("day", "=", day)
      .where("dimension", "=", "all")
      .where("value", "=", "")
      .executeTakeFirst()
    return {
      page: distinct("page"),
      referrer: distinct("referrer"),
      utmSource: distinct("utm_source"),
      utmMedium: distinct("utm_medium"),
      utmCampaign: distinct("utm_campaign"),
      combinations: views.map((row) =>
        JSON.stringify([row.page, row.language, row.referrer, row.utm_source, row.utm_medium, row.utm_campaign]),
      ),
      visitors: Number(visitors?.visitors ?? 0),
    }
  })
}

/** The key of a day's count under a dimension and value. */
const countKey = (day: string, dimension: string, value: string) => JSON.stringify([day, dimension, value])

/**
 * What a batch's newly counted visitor rows add to the counts: one for
 * each row, and the contact visitors of each source (a visitor with a
 * "source" row and a "contact" row): a visitor who saw the contact page
 * for the first time adds each of its sources, one that came from a new
 * source adds it if it had seen the contact page.
 */
async function countsAdded(trx: Tx, inserted: VisitorRow[]): Promise<Map<string, number>> {
  const added = new Map<string, number>()
  const add = (day: string, dimension: string, value: string) =>
    added.set(countKey(day, dimension, value), (added.get(countKey(day, dimension, value)) ?? 0) + 1)
  const byVisitor = new Map<string, { day: string; visitor: string; contact: boolean; sources: string[] }>()
  for (const row of inserted) {
    add(row.day, row.dimension, row.value)
    if (row.dimension !== "contact" && row.dimension !== "source") continue
    const key = `${row.day}\n${row.visitor}`
    const one = byVisitor.get(key) ?? { day: row.day, visitor: row.visitor, contact: false, sources: [] }
    if (row.dimension === "contact") one.contact = true
    else one.sources.push(row.value)
    byVisitor.set(key, one)
  }
  for (const group of chunks([...byVisitor.values()])) {
    for (const day of new Set(group.map((one) => one.day))) {
      const ofDay = group.filter((one) => one.day === day)
      const visitors = ofDay.map((one) => one.visitor)
      // All the sources (new and earlier) of those newly at the contact page, and whether those with new sources had been there before.
      const rows = await trx
        .selectFrom("visit_visitors")
        .select(["dimension", "value", "visitor"])
        .where("day", "=", day)
        .where("dimension", "in", ["source", "contact"])
        .where("visitor", "in", visitors)
        .execute()
      for (const one of ofDay) {
        const own = rows.filter((row) => row.visitor === one.visitor)
        const counted = one.contact
          ? own.filter((row) => row.dimension === "source").map((row) => row.value)
          : own.some((row) => row.dimension === "contact")
            ? one.sources
            : []
        for (const source of counted) add(day, "contact-source", source)
      }
    }
  }
  return added
}

/**
 * Writes a batch in one transaction: adds its views to the counts, and its
 * visitors (each once a day and dimension), counting those not counted
 * before as they come.
 */
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
          conflict
            .columns(["day", "page", "language", "referrer", "utm_source", "utm_medium", "utm_campaign"])
            .doUpdateSet({ views: sql`visit_views.views + excluded.views` }),
        )
        .execute()
    }
    const inserted: VisitorRow[] = []
    for (const rows of chunks(visitors)) {
      const written = await trx
        .insertInto("visit_visitors")
        .values(rows)
        .onConflict((conflict) => conflict.columns(["day", "dimension", "value", "visitor"]).doNothing())
        .returning(["day", "dimension", "value", "visitor"])
        .execute()
      inserted.push(...(written as VisitorRow[]))
    }
    const added = [...(await countsAdded(trx, inserted))].map(([key, visitors]) => {
      const [day, dimension, value] = JSON.parse(key) as [string, string, string]
      return { day, dimension, value, visitors }
    })
    for (const rows of chunks(added)) {
      await trx
        .insertInto("visit_visitor_counts")
        .values(rows)
        .onConflict((conflict) =>
          conflict
            .columns(["day", "dimension", "value"])
            .doUpdateSet({ visitors: sql`visit_visitor_counts.visitors + excluded.visitors` }),
        )
        .execute()
    }
  })
}

/**
 * Closes the days before `today`: their visitors' rows go, a slice at a
 * time, then the salts older than yesterday, so no one can tell whether a
 * visitor of those days came back. The freed space is then given
 * back (see reclaimSpace). Any instance may run it.
 */
export async function closeVisitDays(db: Db, today: string): Promise<void> {
  // Each slice starts past the one before: PostgreSQL's index keeps the rows deleted until a vacuum, which a scan from the start would read again.
  let after: VisitorRow | null = null
  for (;;) {
    const from: VisitorRow | null = after
    const pastFrom = (eb: ExpressionBuilder<Database, "visit_visitors">) =>
      from === null ? eb.lit(true) : eb(eb.refTuple(...VISITOR_KEY), ">", eb.tuple(...keyOf(from)))
    const last = await db.write(async (trx) => {
      const end = await trx
        .selectFrom("visit_visitors")
        .select([...VISITOR_KEY])
        .where("day", "<", today)
        .where(pastFrom)
        .orderBy("day")
        .orderBy("dimension")
        .orderBy("value")
        .orderBy("visitor")
        .offset(ROWS_PER_SLICE - 1)
        .limit(1)
        .executeTakeFirst()
      if (!end) {
        await trx.deleteFrom("visit_visitors").where("day", "<", today).where(pastFrom).execute()
        return null
      }
      // The key's range alone (end.day is before today), which both stores read through the key's index.
      await trx
        .deleteFrom("visit_visitors")
        .where(pastFrom)
        .where((eb) => eb(eb.refTuple(...VISITOR_KEY), "<=", eb.tuple(...keyOf(end as VisitorRow))))
        .execute()
      return end as VisitorRow
    })
    if (!last) break
    after = last
    await setImmediate()
  }
  await db.write(
    async (trx) => void (await trx.deleteFrom("visit_salts").where("day", "<", addDays(today, -1)).execute()),
  )
  await db.reclaimSpace()
}
