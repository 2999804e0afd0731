/**
 * Everything an embedded SQLite waitlist holds copied as it is into an
 * empty PostgreSQL (`npm run waitlist -- copy-to <URL>`): ids, keys and
 * secrets kept, so the links of mails already sent keep working. COPY_ORDER
 * names every table of schema.ts (a type error otherwise), each after those
 * its rows refer to.
 */
import { sql, type Kysely, type Transaction } from "kysely"
import type { Db, Tx } from "./db"
import { connect, openDb } from "./db"
import type { Database } from "./schema"

/** Every table of the schema, each after the tables its rows refer to. */
export const COPY_ORDER = [
  "waitlist_secrets",
  "waitlist_counters",
  "waitlist_entries",
  "waitlist_referrals",
  "waitlist_referral_networks",
  "waitlist_referral_reasons",
  "waitlist_line",
  "waitlist_line_gaps",
  "waitlist_messages",
  "waitlist_leave_tokens",
  "waitlist_outbox",
  "waitlist_rate_events",
  "waitlist_leavers",
  "waitlist_announcements",
  "waitlist_announcement_mails",
  "waitlist_announcement_waves",
  "waitlist_rewards",
  "waitlist_reward_referrals",
  "waitlist_reward_codes",
  "waitlist_reward_alerts",
  "waitlist_sequence_steps",
  "waitlist_sequence_mails",
  "waitlist_bounces",
  "waitlist_suppressions",
  "waitlist_erasures",
  "admin_accounts",
  "admin_sessions",
  "admin_login_failures",
  "admin_audit",
  "visit_salts",
  "visit_views",
  "visit_visitors",
  "visit_visitor_counts",
  "store_clicks",
  "store_click_clients",
] as const satisfies readonly (keyof Database)[]

/** A table of schema.ts that COPY_ORDER forgot: naming one here makes `everyTableCopied` a type error that names it. */
type Forgotten = Exclude<keyof Database, (typeof COPY_ORDER)[number]>
const everyTableCopied: [Forgotten] extends [never] ? true : Forgotten = true
void everyTableCopied

/** What a new database holds before anything is stored: Kysely's record of the migrations, and the keys and zeroed counters the migrations write. */
const WRITTEN_BY_MIGRATIONS = new Set(["kysely_migration", "kysely_migration_lock", "waitlist_secrets"])

/** How many rows one INSERT carries: well within PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 500

/** How many rows of each table were copied, in COPY_ORDER. */
export type CopiedTables = { table: (typeof COPY_ORDER)[number]; rows: number }[]

/** The target holds something already: the copy would mix two lists, so nothing was done. */
export class TargetNotEmptyError extends Error {}

/** A database of any tables, for the statements written once for every table. */
type AnyTables = Kysely<Record<string, Record<string, unknown>>>

/** Where a PostgreSQL URL points, without its user and password (for what the CLI prints). */
export const describePostgres = (url: string): string => {
  const parsed = new URL(url)
  return `${parsed.host}${parsed.pathname}`
}

/** The tables of the target's schema that hold a row nothing but the migrations wrote; none for an empty database. */
async function tablesHoldingRows(trx: Tx | Kysely<Database>): Promise<string[]> {
  const on = trx as unknown as AnyTables
  const tables = await sql<{
    name: string
  }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(
    on,
  )
  const holding: string[] = []
  for (const { name } of tables.rows) {
    if (WRITTEN_BY_MIGRATIONS.has(name)) continue
    const rows = on.selectFrom(name).select(sql`1`.as("one"))
    const found = await (name === "waitlist_counters" ? rows.where("value", "<>", 0) : rows).limit(1).execute()
    if (found.length > 0) holding.push(name)
  }
  return holding
}

/** The name the copy's own connections give PostgreSQL, so that it tells them from a server's. */
const COPY_APPLICATION = "storyling-copy-to"

/** The connections to the target's database other than the copy's own: a server running on it, a console, another copy. */
async function otherConnections(trx: Tx): Promise<number> {
  const found = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM pg_stat_activity
    WHERE datname = current_database() AND backend_type = 'client backend' AND application_name <> ${COPY_APPLICATION}`.execute(
    trx,
  )
  return Number(found.rows[0]?.n ?? 0)
}

/** Moves each id's sequence past the ids copied, so the next row PostgreSQL numbers gets a new one. */
async function advanceSequences(trx: Tx): Promise<void> {
  const serials = await sql<{ table: string; column: string }>`
    SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`.execute(trx)
  for (const { table, column } of serials.rows) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), (SELECT COALESCE(MAX(${sql.ref(column)}), 0) + 1 FROM ${sql.table(table)}), false)`.execute(
      trx,
    )
  }
}

/** Copies one table's rows, read in one pass, written a batch at a time; returns how many. */
async function copyTable(from: AnyTables, to: AnyTables, table: string): Promise<number> {
  let copied = 0
  let batch: Record<string, unknown>[] = []
  const flush = async () => {
    if (batch.length > 0) await to.insertInto(table).values(batch).execute()
    copied += batch.length
    batch = []
  }
  for await (const row of from.selectFrom(table).selectAll().stream(BATCH)) {
    batch.push(row)
    if (batch.length === BATCH) await flush()
  }
  await flush()
  return copied
}

/**
 * Copies everything `source` holds into the empty PostgreSQL database of
 * `url`: its schema brought up to date (as the server would), then, in one
 * transaction of the target that first locks every table of COPY_ORDER (a
 * server's write waits for the copy's end), checks that no one else is
 * connected to the database and that it is empty, every table in
 * COPY_ORDER, from one read transaction of the source. What the
 * migrations wrote in the new database (its own keys, its counters) is
 * replaced by the source's.
 * @throws TargetNotEmptyError, having changed nothing, when the target holds anything but what migrations write, or a server (any other connection) uses it
 */
export async function copyToPostgres(source: Db, url: string): Promise<CopiedTables> {
  const where = describePostgres(url)
  const notEmpty = (holding: string[]) =>
    new TargetNotEmptyError(
      `the PostgreSQL database ${where} is not empty (${holding.join(", ")} hold rows): copy-to copies into an empty database only, so that two lists are never mixed`,
    )
  // Before its schema is brought up to date: a database of something else is refused unchanged.
  const raw = connect({ kind: "postgres", url })
  const holdingBefore = await tablesHoldingRows(raw.kysely).finally(() => raw.close())
  if (holdingBefore.length > 0) throw notEmpty(holdingBefore)
  const own = new URL(url)
  own.searchParams.set("application_name", COPY_APPLICATION)
  const target = openDb({ kind: "postgres", url: own.href })
  try {
    return await target.write(async (trx) => {
      await sql`LOCK TABLE ${sql.join(COPY_ORDER.map((table) => sql.table(table)))} IN ACCESS EXCLUSIVE MODE`.execute(
        trx,
      )
      const others = await otherConnections(trx)
      if (others > 0)
        throw new TargetNotEmptyError(
          `the PostgreSQL database ${where} is in use (${others} other ${others === 1 ? "connection" : "connections"}: a server running on it?): stop every server using it, then copy, so that no sign-up it takes is lost`,
        )
      // Again under the locks, which the copy holds to its end: nothing a server wrote meanwhile is deleted.
      const holding = await tablesHoldingRows(trx)
      if (holding.length > 0) throw notEmpty(holding)
      return source.read((on) =>
        on.transaction().execute(async (reading: Transaction<Database>) => {
          const from = reading as unknown as AnyTables
          const to = trx as unknown as AnyTables
          for (const table of [...COPY_ORDER].reverse()) await to.deleteFrom(table).execute()
          const copied: CopiedTables = []
          for (const table of COPY_ORDER) copied.push({ table, rows: await copyTable(from, to, table) })
          await advanceSequences(trx)
          return copied
        }),
      )
    })
  } catch (error) {
    // The store's wrapper names the database; the refusal says itself what to do.
    const cause = (error as { cause?: unknown }).cause
    throw cause instanceof TargetNotEmptyError ? cause : error
  } finally {
    await target.close()
  }
}
