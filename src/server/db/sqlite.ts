/**
 * The embedded database: one SQLite file (better-sqlite3), in WAL mode with
 * every commit synced, the writes of one turn of the event loop committed
 * together (see groupCommit).
 */
import fs from "fs"
import path from "path"
import BetterSqlite3 from "better-sqlite3"
import { Kysely, SqliteAdapter, SqliteDialect, sql, type DialectAdapter, type SqliteDatabase } from "kysely"
import type { Connection, Tx } from "./connection"
import { groupCommit } from "./group-commit"
import type { Database } from "./schema"

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

/** How many prepared statements a connection keeps: every query the code writes, with room for the lists of varying length. */
const STATEMENTS_KEPT = 500

/**
 * better-sqlite3 as Kysely's driver sees it, with two changes of meaning
 * and a cache. Every transaction begins IMMEDIATE: here a transaction
 * always writes, and taking the write lock at its start lets two processes
 * on one file (the server and the CLI) wait for each other instead of
 * failing with SQLITE_BUSY on the upgrade from reading to writing. A
 * rollback after SQLite rolled back by itself (a full disk) does nothing,
 * so that Kysely's rollback never hides the error that caused it. And a
 * statement is prepared once per SQL text, as better-sqlite3 means it to
 * be (Kysely's driver prepares it anew on every query; see "Waitlist under
 * load" in docs/benchmarks.md for what that costs a sign-up).
 */
function immediateTransactions(db: BetterSqlite3.Database): SqliteDatabase {
  const prepared = new Map<string, BetterSqlite3.Statement>()
  const prepare = (text: string) => {
    let statement = prepared.get(text)
    if (statement === undefined) {
      statement = db.prepare(text)
      if (prepared.size >= STATEMENTS_KEPT) prepared.delete(prepared.keys().next().value as string)
      prepared.set(text, statement)
    }
    return statement
  }
  return {
    close: () => db.close(),
    prepare(text: string) {
      if (text === "rollback" && !db.inTransaction) return prepare("select 0 where 0")
      return prepare(text === "begin" ? "begin immediate" : text)
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
export function connectSqlite(file: string, minFreeBytes: number): Connection {
  const folder = path.dirname(file)
  createFolder(folder)
  const raw = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS })
  try {
    enableWal(raw)
    raw.pragma("synchronous = FULL")
    raw.pragma("foreign_keys = ON")
    // What is deleted is overwritten with zeros, so an erased person leaves no byte in the file (see compact).
    raw.pragma("secure_delete = ON")
  } catch (error) {
    raw.close()
    throw error
  }
  const kysely = new Kysely<Database>({ dialect: new SqliteWithTransactionalDdl({ database: immediateTransactions(raw) }) })
  // What the disk's free space says of the floor, read again after each commit (only a commit takes space): a burst of sign-ups between two commits reads it once.
  let room: string | null | undefined
  const together = groupCommit<(trx: Tx) => Promise<unknown>, unknown>((works) =>
    kysely
      .transaction()
      .execute(async (trx) => {
        const results: unknown[] = []
        for (const work of works) results.push(await work(trx))
        return results
      })
      .finally(() => (room = undefined)),
  )
  return {
    kind: "sqlite",
    label: "SQLite",
    kysely,
    write: (work) => together(work as (trx: Tx) => Promise<unknown>) as Promise<never>,
    roomToWrite() {
      if (minFreeBytes === 0) return null
      if (room === undefined) {
        const { bavail, bsize } = fs.statfsSync(folder)
        const free = bavail * bsize
        room = free < minFreeBytes ? `the disk of ${folder} has ${megabytes(free)} MB free, under the floor of ${megabytes(minFreeBytes)} MB (WAITLIST_MIN_FREE_MB)` : null
      }
      return room
    },
    lock: async () => undefined,
    forUpdate: (query) => query,
    skipLocked: (query) => query,
    // Times are ISO 8601 text in UTC: the day is its first ten characters.
    utcDay: (column) => sql<string>`substr(${sql.ref(column)}, 1, 10)`,
    columns: { time: "text", bigint: "integer", id: "integer", autoIncrement: true, keyOrdered: true },
    legacySchemaVersion: async (on) => Number((await sql<{ user_version: number }>`PRAGMA user_version`.execute(on)).rows[0]?.user_version ?? 0),
    forgetLegacySchemaVersion: async (on) => void (await sql`PRAGMA user_version = 0`.execute(on)),
    // The main file holds only overwritten pages; the log, which still holds the rows as they were, is written back and cut to nothing.
    async compact() {
      // Between the group commit's transactions: a checkpoint inside one could not write the log back.
      while (raw.inTransaction) await new Promise((resolve) => setImmediate(resolve))
      raw.pragma("wal_checkpoint(TRUNCATE)")
    },
    close: () => kysely.destroy(),
  }
}
