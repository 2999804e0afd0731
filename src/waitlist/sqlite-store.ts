import fs from "fs"
import path from "path"
import type BetterSqlite3 from "better-sqlite3"
import { groupCommit } from "./group-commit"
import { loadBetterSqlite3 } from "./load-better-sqlite3"
import {
  normalizeEmail,
  StoreUnavailableError,
  type NewWaitlistEntry,
  type WaitlistEntry,
  type WaitlistStore,
} from "./waitlist-store"

/** Each step brings the schema one version further; `user_version` records how far a file has come. */
const MIGRATIONS = [
  `CREATE TABLE waitlist_entries (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     email_normalized TEXT NOT NULL UNIQUE,
     message TEXT NOT NULL,
     metadata TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
]

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

type Row = { name: string; email: string; message: string; metadata: string; created_at: string; updated_at: string }

/** The embedded store: one SQLite file in WAL mode, through better-sqlite3. */
export class SqliteWaitlistStore implements WaitlistStore {
  private readonly db: BetterSqlite3.Database
  private readonly upsert: BetterSqlite3.Statement
  private readonly deleteByEmail: BetterSqlite3.Statement

  /** Opens (and creates or migrates) the file. @throws StoreUnavailableError when it cannot. */
  constructor(readonly file: string) {
    try {
      createFolder(path.dirname(file))
      const Database = loadBetterSqlite3()
      this.db = new Database(file, { timeout: BUSY_TIMEOUT_MS })
      this.enableWal()
      this.db.pragma("synchronous = FULL")
      this.migrate()
      this.upsert = this.db.prepare(
        `INSERT INTO waitlist_entries (name, email, email_normalized, message, metadata, created_at, updated_at)
         VALUES (@name, @email, @normalized, @message, @metadata, @now, @now)
         ON CONFLICT (email_normalized) DO UPDATE SET
           name = excluded.name, email = excluded.email, message = excluded.message,
           metadata = excluded.metadata, updated_at = excluded.updated_at`,
      )
      this.deleteByEmail = this.db.prepare("DELETE FROM waitlist_entries WHERE email_normalized = ?")
    } catch (error) {
      throw new StoreUnavailableError(`cannot open the SQLite waitlist at ${file}: ${(error as Error).message}`, {
        cause: error,
      })
    }
  }

  /**
   * Switches the file to WAL. While another connection writes to a file
   * still in rollback mode (a process opening the same new file), SQLite
   * answers SQLITE_BUSY at once, without the busy timeout, so this waits
   * and tries again the way the timeout would.
   */
  private enableWal() {
    const giveUp = Date.now() + BUSY_TIMEOUT_MS
    for (;;) {
      try {
        this.db.pragma("journal_mode = WAL")
        return
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > giveUp) throw error
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)
      }
    }
  }

  /**
   * Brings the schema up to date. The version is read again inside the
   * write transaction, so two processes opening the file at once (the server
   * and the CLI) cannot both run the same step.
   */
  private migrate() {
    const version = () => this.db.pragma("user_version", { simple: true }) as number
    if (version() >= MIGRATIONS.length) return
    this.db.transaction(() => {
      const from = version()
      MIGRATIONS.slice(from).forEach((sql) => this.db.exec(sql))
      if (from < MIGRATIONS.length) this.db.pragma(`user_version = ${MIGRATIONS.length}`)
    }).immediate()
  }

  private run<T>(work: () => T): T {
    try {
      return work()
    } catch (error) {
      throw new StoreUnavailableError(`the SQLite waitlist failed: ${(error as Error).message}`, { cause: error })
    }
  }

  /** The saves of one turn of the event loop, upserted in one transaction: one fsync acknowledges them all. */
  private readonly upsertTogether = groupCommit<Record<string, string>>((rows) =>
    this.run(() => this.db.transaction(() => rows.forEach((row) => this.upsert.run(row)))()),
  )

  async save({ name, email, message, metadata }: NewWaitlistEntry): Promise<void> {
    const now = new Date().toISOString()
    await this.upsertTogether({ name, email, normalized: normalizeEmail(email), message, metadata: JSON.stringify(metadata), now })
  }

  async count(): Promise<number> {
    return this.run(() => (this.db.prepare("SELECT COUNT(*) AS n FROM waitlist_entries").get() as { n: number }).n)
  }

  async list(): Promise<WaitlistEntry[]> {
    const rows = this.run(
      () => this.db.prepare("SELECT * FROM waitlist_entries ORDER BY created_at, id").all() as Row[],
    )
    return rows.map((row) => ({
      name: row.name,
      email: row.email,
      message: row.message,
      metadata: JSON.parse(row.metadata) as Record<string, unknown>,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }))
  }

  async remove(email: string): Promise<number> {
    return this.run(() => this.deleteByEmail.run(normalizeEmail(email)).changes)
  }

  async close(): Promise<void> {
    this.db.close()
  }
}
