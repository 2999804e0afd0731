/**
 * The counting of visits on the waitlist's database (see VisitStore), its
 * statements written once over Kysely for SQLite and PostgreSQL. It runs
 * through the waitlist's own `run` and `write` (see StoreAccess), so it
 * shares the schema's migrations, the transactions and the errors
 * (StoreUnavailableError).
 */
import { randomBytes } from "crypto"
import { sql, type Kysely } from "kysely"
import type { KnownValues, PageViews, SignupRecord, ViewCount, VisitorCount, VisitorRow, VisitStore } from "../visits/visit-store"
import { toDate, storedTime, type Database } from "./database"
import type { StoreDialect, Tx } from "./dialect"
import type { StoreAccess } from "./store-access"
import { addDays } from "../visits/visit-day"

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
function countVisitorRows(db: Kysely<Database>, first: string, last: string) {
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

export class VisitsDatabase implements VisitStore {
  private readonly dialect: StoreDialect
  private readonly run: StoreAccess["run"]
  private readonly write: StoreAccess["write"]

  constructor({ dialect, run, write }: StoreAccess) {
    this.dialect = dialect
    this.run = run
    this.write = write
  }

  salt(day: string): Promise<string> {
    return this.write(async (trx) => {
      await trx.insertInto("visit_salts").values({ day, salt: randomBytes(32).toString("base64url") }).onConflict((conflict) => conflict.column("day").doNothing()).execute()
      return (await trx.selectFrom("visit_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow()).salt
    })
  }

  knownValues(day: string): Promise<KnownValues> {
    return this.run(async () => {
      const { db } = this.dialect
      const distinct = async (column: "page" | "referrer" | "utm_source" | "utm_medium" | "utm_campaign") =>
        (await db.selectFrom("visit_views").select(column).distinct().where("day", "=", day).execute()).map((row) => row[column] as string)
      return {
        page: await distinct("page"),
        referrer: await distinct("referrer"),
        utmSource: await distinct("utm_source"),
        utmMedium: await distinct("utm_medium"),
        utmCampaign: await distinct("utm_campaign"),
      }
    })
  }

  record(views: ViewCount[], visitors: VisitorRow[], today: string): Promise<void> {
    return this.write(async (trx) => {
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
      await this.closeDays(trx, today)
    })
  }

  /** Turns the visitors of the days before `today` into counts and deletes their rows; deletes the salts of the days before yesterday. */
  private async closeDays(trx: Tx, today: string) {
    await this.dialect.lockClient(trx, CLOSING_LOCK)
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
  }

  views(first: string, last: string): Promise<PageViews[]> {
    return this.run(async () => {
      const rows = await this.dialect.db
        .selectFrom("visit_views")
        .select(["day", "page", "language", (eb) => eb.fn.sum<number | string>("views").as("views")])
        .where("day", ">=", first)
        .where("day", "<=", last)
        .groupBy(["day", "page", "language"])
        .execute()
      return rows.map((row) => ({ ...row, views: Number(row.views) }))
    })
  }

  visitors(first: string, last: string): Promise<VisitorCount[]> {
    return this.run(async () => {
      const { db } = this.dialect
      const closed = await db.selectFrom("visit_visitor_counts").selectAll().where("day", ">=", first).where("day", "<=", last).execute()
      const open = await countVisitorRows(db, first, last).execute()
      return [...closed, ...open].map((row) => ({ ...row, visitors: Number(row.visitors) }) as VisitorCount)
    })
  }

  signups(from: Date, to: Date): Promise<SignupRecord[]> {
    return this.run(async () => {
      const rows = await this.dialect.db
        .selectFrom("waitlist_entries as e")
        .select([
          "e.created_at",
          "e.confirmed_at",
          (eb) =>
            eb
              .selectFrom("waitlist_messages as m")
              .select("m.metadata")
              .whereRef("m.entry_id", "=", "e.id")
              .orderBy("m.id")
              .limit(1)
              .as("metadata"),
        ])
        .where("e.created_at", ">=", storedTime(from))
        .where("e.created_at", "<", storedTime(to))
        .execute()
      return rows.map((row) => ({ createdAt: toDate(row.created_at), confirmed: row.confirmed_at !== null, metadata: parseObject(row.metadata) }))
    })
  }
}

/** A message's stored metadata as an object; anything else (none) as an empty one. */
function parseObject(text: string | null): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? "{}")
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
