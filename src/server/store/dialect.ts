/**
 * The one place where SQLite and PostgreSQL differ for the waitlist: how a
 * database is opened, how writes are grouped into transactions, the
 * cross-instance locks PostgreSQL needs, the column types of the schema,
 * and the schema version the site recorded before its migrations were
 * Kysely's. Every query and every flow is written once, over Kysely,
 * elsewhere.
 */
import fs from "fs"
import path from "path"
import type BetterSqlite3 from "better-sqlite3"
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteStatement,
  sql,
  type ColumnDataType,
  type DialectAdapter,
  type RawBuilder,
  type SelectQueryBuilder,
  type Transaction,
  type CompiledQuery,
  type QueryResult,
} from "kysely"
import { Pool, types } from "pg"
import type { Logger } from "../observability/logger"
import type { StoreSettings } from "../settings"
import type { Database } from "./database"
import { groupCommit } from "./group-commit"
import { loadBetterSqlite3 } from "./load-better-sqlite3"
import { preparer, type Executor, type RunCompiled } from "./prepared"

/** A transaction of the waitlist's database. */
export type Tx = Transaction<Database>

export type StoreDialect = {
  kind: StoreSettings["kind"]
  db: Kysely<Database>
  /**
   * Runs a prepared query (see preparer) on the database or a transaction
   * of it. On SQLite, a query of the group commit's transaction runs on
   * better-sqlite3 at once: that transaction holds the one connection and
   * runs its writes one after another, so Kysely's connection queue has
   * nothing to order (it cost a sign-up about 10 µs of its 90 in the store).
   */
  execute: RunCompiled
  /**
   * Runs a write in a transaction. On SQLite, the writes of one turn of the
   * event loop share one transaction (see groupCommit): one sync of the
   * file acknowledges a burst. On PostgreSQL each write has its own, so
   * that the locks of one client never wait on another's.
   */
  write<T>(work: (trx: Tx) => Promise<T>): Promise<T>
  /**
   * Why the store takes no new sign-up now, or null when it does: SQLite's
   * disk has less free space than its floor, so a sign-up is refused with
   * a 503 before a write can fail halfway (PostgreSQL's disk is its
   * server's to watch).
   */
  roomToWrite(): string | null
  /** Makes the rate limit's count of one client atomic across instances (SQLite has a single writer already). */
  lockClient(trx: Tx, client: string): Promise<void>
  /** Locks the row a write reads before it changes it (SQLite has a single writer already). */
  forUpdate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>
  /** Locks the rows a claim picks, skipping those another instance holds (SQLite has a single writer already). */
  skipLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>
  /** The column types the schema is written with; `keyOrdered`: a table keyed by text is stored in its key's order alone (SQLite's WITHOUT ROWID). */
  columns: { time: ColumnDataType; bigint: ColumnDataType; id: ColumnDataType; autoIncrement: boolean; keyOrdered: boolean }
  /** The day (YYYY-MM-DD, UTC) of a stored time column, as SQL: what the dashboard counts by. */
  utcDay(column: string): RawBuilder<string>
  /** The schema version the site recorded before its migrations were Kysely's (1 to 4), or 0 for none. */
  legacySchemaVersion(trx: Kysely<Database>): Promise<number>
  /** Forgets that record, once the baseline has taken the schema over. */
  forgetLegacySchemaVersion(trx: Kysely<Database>): Promise<void>
  close(): Promise<void>
}

/** How long a connection waits for another one's lock before giving up. */
const BUSY_TIMEOUT_MS = 5000

/**
 * Creates a folder and its missing parents one by one. Node's recursive
 * mkdir reports a read-only file system as ENOENT ("no such file or
 * directory"), which would put the wrong cause in the 503's log line.
 */
function createFolder(dir: string) {
  if (fs.existsSync(dir)) return
  createFolder(path.dirname(dir))
  try {
    fs.mkdirSync(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
  }
}

/**
 * Switches a file to WAL. While another connection writes to a file still
 * in rollback mode (a process opening the same new file), SQLite answers
 * SQLITE_BUSY at once, without the busy timeout, so this waits and tries
 * again the way the timeout would.
 */
function enableWal(db: BetterSqlite3.Database) {
  const giveUp = Date.now() + BUSY_TIMEOUT_MS
  for (;;) {
    try {
      db.pragma("journal_mode = WAL")
      return
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > giveUp) throw error
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)
    }
  }
}

/**
 * better-sqlite3 as Kysely's SQLite driver sees it, with two changes. Each
 * statement's text is prepared once and kept (the driver prepares on every
 * run, which cost as much as running it). And every transaction begins
 * IMMEDIATE: here a transaction always writes, and taking the write lock
 * at its start lets two processes on one file (the server and the CLI)
 * wait for each other instead of failing with SQLITE_BUSY on the upgrade
 * from reading to writing.
 */
function cachedStatements(db: BetterSqlite3.Database) {
  const statements = new Map<string, SqliteStatement>()
  // SQLite itself rolls a transaction back on some errors (a full disk); Kysely's rollback after it must not hide that error.
  const rollback = db.prepare("rollback")
  const rollbackIfOpen: SqliteStatement = {
    reader: false,
    all: () => [],
    iterate: () => [][Symbol.iterator](),
    run: () => (db.inTransaction ? rollback.run() : { changes: 0, lastInsertRowid: 0 }),
  }
  return {
    close: () => db.close(),
    prepare(text: string) {
      if (text === "rollback") return rollbackIfOpen
      const query = text === "begin" ? "begin immediate" : text
      let statement = statements.get(query)
      if (!statement) {
        statement = db.prepare(query)
        statements.set(query, statement)
      }
      return statement
    },
  }
}

/** Kysely's SQLite dialect, with migrations run in one transaction: SQLite's DDL is transactional, so a failed step leaves nothing half-done. */
class SqliteWithTransactionalDdl extends SqliteDialect {
  createAdapter(): DialectAdapter {
    return new (class extends SqliteAdapter {
      get supportsTransactionalDdl() {
        return true
      }
    })()
  }
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

/** The SQLite file of `file`, created with its folder when missing, in WAL mode with every commit synced. */
function openSqlite(file: string, minFreeBytes: number): StoreDialect {
  const folder = path.dirname(file)
  createFolder(folder)
  const raw = new (loadBetterSqlite3())(file, { timeout: BUSY_TIMEOUT_MS })
  try {
    enableWal(raw)
    raw.pragma("synchronous = FULL")
    raw.pragma("foreign_keys = ON")
  } catch (error) {
    raw.close()
    throw error
  }
  const statements = cachedStatements(raw)
  const db = new Kysely<Database>({ dialect: new SqliteWithTransactionalDdl({ database: statements }) })
  // The group commit's open transaction, whose prepared statements run on the connection directly (see execute).
  let open: Tx | null = null
  const together = groupCommit<(trx: Tx) => Promise<unknown>, unknown>((works) =>
    db.transaction().execute(async (trx) => {
      open = trx
      try {
        const results: unknown[] = []
        for (const work of works) results.push(await work(trx))
        return results
      } finally {
        open = null
      }
    }),
  )
  return {
    kind: "sqlite",
    db,
    execute<R>(on: Executor, query: CompiledQuery<R>): Promise<QueryResult<R>> {
      if (on !== open) return on.executeQuery(query)
      try {
        const statement = statements.prepare(query.sql)
        if (statement.reader) return Promise.resolve({ rows: statement.all(query.parameters) as R[] })
        const { changes } = statement.run(query.parameters)
        return Promise.resolve({ rows: [], numAffectedRows: BigInt(changes) })
      } catch (error) {
        return Promise.reject(error)
      }
    },
    write: (work) => together(work as (trx: Tx) => Promise<unknown>) as Promise<never>,
    roomToWrite() {
      if (minFreeBytes === 0) return null
      const { bavail, bsize } = fs.statfsSync(folder)
      const free = bavail * bsize
      return free < minFreeBytes ? `the disk of ${folder} has ${megabytes(free)} MB free, under the floor of ${megabytes(minFreeBytes)} MB (WAITLIST_MIN_FREE_MB)` : null
    },
    lockClient: async () => undefined,
    forUpdate: (query) => query,
    skipLocked: (query) => query,
    columns: { time: "text", bigint: "integer", id: "integer", autoIncrement: true, keyOrdered: true },
    // Times are ISO 8601 text in UTC: the day is its first ten characters.
    utcDay: (column) => sql<string>`substr(${sql.ref(column)}, 1, 10)`,
    legacySchemaVersion: async (on) => Number((await sql<{ user_version: number }>`PRAGMA user_version`.execute(on)).rows[0]?.user_version ?? 0),
    forgetLegacySchemaVersion: async (on) => void (await sql`PRAGMA user_version = 0`.execute(on)),
    close: () => db.destroy(),
  }
}

/** Any number, as long as every instance uses the same: with a client's hash, it serializes the rate limit's count of that client. */
const RATE_LOCK = 7_110_422

/** PostgreSQL's bigint, which `pg` reads as text: here every one (ids, counts, times in ms) fits a JavaScript number. */
const INT8 = 20

/**
 * The PostgreSQL database of `url`, through a pool of `pg` connections.
 * Every query gives up within a few seconds, so an outage is answered with
 * 503 in time instead of hanging, and the pool reconnects by itself.
 */
function openPostgres(url: string, log: Logger | undefined): StoreDialect {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3000,
    query_timeout: 4000,
    idleTimeoutMillis: 10_000,
    types: { getTypeParser: ((oid: number, format?: "text" | "binary") => (oid === INT8 ? Number : types.getTypeParser(oid, format))) as typeof types.getTypeParser },
  })
  // An idle client that loses its server must not take the process down.
  pool.on("error", (error) => log?.warn({ cause: error.message }, "waitlist: an idle PostgreSQL connection was lost"))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const execute: RunCompiled = (on, query) => on.executeQuery(query)
  const lock = preparer(execute)<{ client: string }, unknown>((value) => db.selectNoFrom(sql`pg_advisory_xact_lock(${sql.lit(RATE_LOCK)}, hashtext(${value("client")}))`.as("locked")))
  return {
    kind: "postgres",
    db,
    execute,
    write: (work) => db.transaction().execute(work),
    roomToWrite: () => null,
    lockClient: async (trx, client) => void (await lock.run(trx, { client })),
    forUpdate: (query) => query.forUpdate(),
    skipLocked: (query) => query.forUpdate().skipLocked(),
    columns: { time: "timestamptz", bigint: "bigint", id: "bigserial", autoIncrement: false, keyOrdered: false },
    utcDay: (column) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
    async legacySchemaVersion(on) {
      const found = await sql<{ name: string | null }>`SELECT to_regclass('waitlist_schema')::text AS name`.execute(on)
      if (!found.rows[0]?.name) return 0
      return Number((await sql<{ version: number }>`SELECT version FROM waitlist_schema`.execute(on)).rows[0]?.version ?? 0)
    },
    forgetLegacySchemaVersion: async (on) => void (await sql`DROP TABLE IF EXISTS waitlist_schema`.execute(on)),
    close: () => db.destroy(),
  }
}

/**
 * Opens the database the settings select; `log` hears of a PostgreSQL
 * connection lost while idle (the next query reconnects).
 * @throws Error when an SQLite file cannot be opened (PostgreSQL connects on first use)
 */
export const openStoreDialect = (store: StoreSettings, log?: Logger): StoreDialect =>
  store.kind === "postgres" ? openPostgres(store.url, log) : openSqlite(store.file, store.minFreeBytes ?? 0)
