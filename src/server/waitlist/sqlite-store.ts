import fs from "fs"
import path from "path"
import type BetterSqlite3 from "better-sqlite3"
import { groupCommit } from "./group-commit"
import { loadBetterSqlite3 } from "./load-better-sqlite3"
import { emailKey, storedEmail } from "./email-identity"
import {
  entriesFromRows,
  StoreUnavailableError,
  type EntryRow,
  type MessageRow,
  type NewWaitlistEntry,
  type WaitlistEntry,
  type WaitlistStore,
} from "./waitlist-store"

/** The first schema: one row per address, its newest message in place. */
const SCHEMA_1 = `CREATE TABLE waitlist_entries (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     email_normalized TEXT NOT NULL UNIQUE,
     message TEXT NOT NULL,
     metadata TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`

/**
 * The second: entries keyed by the folded address (see emailKey), each
 * submission a row of its own, and a counter of the bots' discarded entries.
 * The entries of the first schema move over, merging any that the new key
 * finds to be one address.
 */
function migrateToSchema2(db: BetterSqlite3.Database) {
  db.exec(`ALTER TABLE waitlist_entries RENAME TO waitlist_entries_1;
    CREATE TABLE waitlist_entries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      email_key TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE TABLE waitlist_messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      entry_id INTEGER NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      message TEXT NOT NULL,
      metadata TEXT NOT NULL,
      submitted_at TEXT NOT NULL
    );
    CREATE INDEX waitlist_messages_by_entry ON waitlist_messages (entry_id, id);
    CREATE TABLE waitlist_counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
    INSERT INTO waitlist_counters (name, value) VALUES ('bots_discarded', 0);`)
  const upsert = db.prepare(UPSERT_ENTRY)
  const addMessage = db.prepare(INSERT_MESSAGE)
  const rows = db.prepare("SELECT * FROM waitlist_entries_1 ORDER BY created_at, id").all() as (Omit<EntryRow, "id"> & { message: string; metadata: string })[]
  for (const row of rows) {
    const { id } = upsert.get({ name: row.name, email: storedEmail(row.email), key: emailKey(row.email), created: row.created_at, now: row.updated_at }) as { id: number }
    addMessage.run({ id, name: row.name, message: row.message, metadata: row.metadata, now: row.updated_at })
  }
  db.exec("DROP TABLE waitlist_entries_1")
}

/** Each step brings the schema one version further; `user_version` records how far a file has come. */
const MIGRATIONS: ((db: BetterSqlite3.Database) => void)[] = [(db) => db.exec(SCHEMA_1), migrateToSchema2]

/** Adds an entry, or marks the existing entry of the address as written to again; gives the entry's id either way. */
const UPSERT_ENTRY = `INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at)
  VALUES (@name, @email, @key, @created, @now)
  ON CONFLICT (email_key) DO UPDATE SET updated_at = max(updated_at, excluded.updated_at)
  RETURNING id`
const INSERT_MESSAGE = `INSERT INTO waitlist_messages (entry_id, name, message, metadata, submitted_at)
  VALUES (@id, @name, @message, @metadata, @now)`

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

type Submission = { kind: "save" | "discard"; row: Record<string, string> }

/** The embedded store: one SQLite file in WAL mode, through better-sqlite3. */
export class SqliteWaitlistStore implements WaitlistStore {
  private readonly db: BetterSqlite3.Database
  private readonly upsertEntry: BetterSqlite3.Statement
  private readonly insertMessage: BetterSqlite3.Statement
  private readonly countDiscard: BetterSqlite3.Statement
  private readonly deleteByKey: BetterSqlite3.Statement

  /** Opens (and creates or migrates) the file. @throws StoreUnavailableError when it cannot. */
  constructor(readonly file: string) {
    try {
      createFolder(path.dirname(file))
      const Database = loadBetterSqlite3()
      this.db = new Database(file, { timeout: BUSY_TIMEOUT_MS })
      this.enableWal()
      this.db.pragma("synchronous = FULL")
      this.db.pragma("foreign_keys = ON")
      this.migrate()
      this.upsertEntry = this.db.prepare(UPSERT_ENTRY)
      this.insertMessage = this.db.prepare(INSERT_MESSAGE)
      this.countDiscard = this.db.prepare("UPDATE waitlist_counters SET value = value + 1 WHERE name = 'bots_discarded'")
      this.deleteByKey = this.db.prepare("DELETE FROM waitlist_entries WHERE email_key = ?")
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
      MIGRATIONS.slice(from).forEach((step) => step(this.db))
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

  private write(row: Record<string, string>) {
    const { id } = this.upsertEntry.get(row) as { id: number }
    this.insertMessage.run({ ...row, id })
  }

  /**
   * The submissions of one turn of the event loop, written in one
   * transaction: one fsync acknowledges them all. A bot's entry is written
   * inside a savepoint that is rolled back, then counted.
   */
  private readonly commitTogether = groupCommit<Submission>((submissions) =>
    this.run(() =>
      this.db.transaction(() => {
        for (const { kind, row } of submissions) {
          if (kind === "save") {
            this.write(row)
            continue
          }
          this.db.exec("SAVEPOINT discarded")
          this.write(row)
          this.db.exec("ROLLBACK TO discarded; RELEASE discarded")
          this.countDiscard.run()
        }
      })(),
    ),
  )

  private submit(kind: Submission["kind"], { name, email, message, metadata }: NewWaitlistEntry): Promise<void> {
    const now = new Date().toISOString()
    const row = { name, email: storedEmail(email), key: emailKey(email), message, metadata: JSON.stringify(metadata), created: now, now }
    return this.commitTogether({ kind, row })
  }

  save(entry: NewWaitlistEntry): Promise<void> {
    return this.submit("save", entry)
  }

  discard(entry: NewWaitlistEntry): Promise<void> {
    return this.submit("discard", entry)
  }

  async count(): Promise<number> {
    return this.run(() => (this.db.prepare("SELECT COUNT(*) AS n FROM waitlist_entries").get() as { n: number }).n)
  }

  async countDiscarded(): Promise<number> {
    return this.run(() => (this.db.prepare("SELECT value FROM waitlist_counters WHERE name = 'bots_discarded'").get() as { value: number }).value)
  }

  async list(): Promise<WaitlistEntry[]> {
    return this.run(() =>
      entriesFromRows(
        this.db.prepare("SELECT * FROM waitlist_entries ORDER BY created_at, id").all() as EntryRow[],
        this.db.prepare("SELECT * FROM waitlist_messages ORDER BY entry_id, id DESC").all() as MessageRow[],
      ),
    )
  }

  async remove(email: string): Promise<number> {
    return this.run(() => this.deleteByKey.run(emailKey(email)).changes)
  }

  async close(): Promise<void> {
    this.db.close()
  }
}
