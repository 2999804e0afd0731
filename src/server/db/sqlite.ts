/**
 * The embedded database: one SQLite file (better-sqlite3), in WAL mode with
 * every commit synced, the writes of one turn of the event loop committed
 * together (see groupCommit).
 */
import fs from "fs"
import path from "path"
import { setImmediate } from "timers/promises"
import BetterSqlite3 from "better-sqlite3"
import { Kysely, SqliteAdapter, SqliteDialect, sql, type DialectAdapter, type SqliteDatabase } from "kysely"
import type { Connection, Tx } from "./connection"
import { groupCommit } from "./group-commit"
import type { Database } from "./schema"
import { LOG_BYTES, walCheckpoints } from "./wal-checkpoints"

/** The free pages handed back to the file system at once when space is reclaimed: 2 MB, a few milliseconds. */
const PAGES_PER_RECLAIM = 500

/** SQLite's default: the commit that takes the log past this many pages writes it back (when the worker of walCheckpoints fails). */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000

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
 * Makes the file give its free pages back to the file system when asked
 * (auto_vacuum=INCREMENTAL, see reclaimSpace), so that a day's close or an
 * erasure leaves a compact file. A new file is made so; a file of an
 * earlier version is rewritten so once (VACUUM), here, when it is opened.
 */
function freedPagesGivenBack(db: BetterSqlite3.Database) {
  const incremental = () => Number(db.pragma("auto_vacuum", { simple: true })) === 2
  if (incremental()) return
  db.pragma("auto_vacuum = INCREMENTAL")
  // The mode of a file that holds pages already changes only as the file is rewritten.
  if (!incremental()) db.exec("VACUUM")
}

/**
 * better-sqlite3 as Kysely's driver sees it: every transaction IMMEDIATE
 * (here every one writes, so two processes on one file wait instead of
 * failing with SQLITE_BUSY), no second rollback after SQLite's own (which
 * would hide its cause), and each statement prepared once per SQL text.
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
    // The log is cut back to the size that asks a checkpoint: a day's close or a burst of sign-ups never leaves it large.
    raw.pragma(`journal_size_limit = ${LOG_BYTES}`)
    // The worker of walCheckpoints writes the log back, not the commit that lengthens it.
    raw.pragma("wal_autocheckpoint = 0")
    freedPagesGivenBack(raw)
  } catch (error) {
    raw.close()
    throw error
  }
  const kysely = new Kysely<Database>({
    dialect: new SqliteWithTransactionalDdl({ database: immediateTransactions(raw) }),
  })
  // Between the group commit's transactions, and after what else waits on the event loop: a checkpoint inside a transaction could not write the log back.
  const betweenTransactions = async () => {
    do await setImmediate()
    while (raw.inTransaction)
  }
  // Whether the disk's free space is over the floor, read again after each commit (only a commit takes space): a burst of sign-ups between two commits reads it once. A disk under the floor is read again at every sign-up, so that space freed by hand counts at once.
  let room: string | null | undefined
  const checkpoints = walCheckpoints(file, () => raw.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`))
  const together = groupCommit<(trx: Tx) => Promise<unknown>, unknown>((works) =>
    kysely
      .transaction()
      .execute(async (trx) => {
        const results: unknown[] = []
        for (const work of works) results.push(await work(trx))
        return results
      })
      .then((results) => {
        checkpoints.afterCommit()
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
      if (room !== null) {
        const { bavail, bsize } = fs.statfsSync(folder)
        const free = bavail * bsize
        room =
          free < minFreeBytes
            ? `the disk of ${folder} has ${megabytes(free)} MB free, under the floor of ${megabytes(minFreeBytes)} MB (WAITLIST_MIN_FREE_MB)`
            : null
      }
      return room
    },
    lock: async () => undefined,
    forUpdate: (query) => query,
    skipLocked: (query) => query,
    // Times are ISO 8601 text in UTC: the day is its first ten characters.
    utcDay: (column) => sql<string>`substr(${sql.ref(column)}, 1, 10)`,
    columns: { time: "text", bigint: "integer", id: "integer", autoIncrement: true, keyOrdered: true },
    legacySchemaVersion: async (on) =>
      Number((await sql<{ user_version: number }>`PRAGMA user_version`.execute(on)).rows[0]?.user_version ?? 0),
    forgetLegacySchemaVersion: async (on) => void (await sql`PRAGMA user_version = 0`.execute(on)),
    // The main file holds only overwritten pages; the log, which still holds the rows as they were, is written back and cut to nothing.
    async compact() {
      await betweenTransactions()
      raw.pragma("wal_checkpoint(TRUNCATE)")
    },
    async reclaimSpace() {
      for (let free = Infinity; ;) {
        await betweenTransactions()
        const left = Number(raw.pragma("freelist_count", { simple: true }))
        if (left === 0 || left >= free) break
        free = left
        raw.pragma(`incremental_vacuum(${PAGES_PER_RECLAIM})`)
      }
      await betweenTransactions()
      raw.pragma("wal_checkpoint(TRUNCATE)")
    },
    async close() {
      await checkpoints.close()
      await kysely.destroy()
    },
  }
}
