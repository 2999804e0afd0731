import fs from "fs"
import path from "path"
import type BetterSqlite3 from "better-sqlite3"
import type { Delivery, DeliveryFailure, DeliveryLane, DeliveryStatus, NewDelivery } from "./deliveries"
import { groupCommit } from "./group-commit"
import { mayGetConfirmation, NOTHING_TO_DELIVER, type ConfirmationDraft, type DeliveryPlan } from "./plan-deliveries"
import { KEY_TIME_CHARS } from "./link-tokens"
import { loadBetterSqlite3 } from "./load-better-sqlite3"
import { emailKey, storedEmail } from "./email-identity"
import {
  deliveryFromRow,
  entriesFromRows,
  StoreUnavailableError,
  linkStateOf,
  type ConfirmRow,
  type DeliveryMessageRow,
  type DeliveryRow,
  type EntryRow,
  type LinkedEntry,
  type LinkState,
  type MessageRow,
  type NewWaitlistEntry,
  type OutboxStore,
  type RateLimit,
  type Submission,
  type SubmissionOutcome,
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

/**
 * The third: what an entry's confirmation stands at, the outbox of mails and
 * webhook events, the tokens of leave links, and the rate limit's counts
 * (kept in the store, so that every process writing to the file limits
 * alike). Entries from before it are unconfirmed.
 */
const SCHEMA_3 = `ALTER TABLE waitlist_entries ADD COLUMN confirmed_at TEXT;
  ALTER TABLE waitlist_entries ADD COLUMN confirm_token_hash TEXT;
  ALTER TABLE waitlist_entries ADD COLUMN confirm_expires_at TEXT;
  ALTER TABLE waitlist_entries ADD COLUMN confirm_mails_sent INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE waitlist_entries ADD COLUMN last_confirm_mail_at TEXT;
  CREATE UNIQUE INDEX waitlist_entries_by_confirm_token ON waitlist_entries (confirm_token_hash);
  CREATE TABLE waitlist_leave_tokens (
    token_hash TEXT PRIMARY KEY,
    entry_id INTEGER NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE
  );
  CREATE INDEX waitlist_leave_tokens_by_entry ON waitlist_leave_tokens (entry_id);
  CREATE TABLE waitlist_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id INTEGER NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    recipient TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    lease_until TEXT,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT
  );
  CREATE INDEX waitlist_outbox_due ON waitlist_outbox (status, next_attempt_at);
  CREATE INDEX waitlist_outbox_by_entry ON waitlist_outbox (entry_id);
  CREATE TABLE waitlist_rate_events (client TEXT NOT NULL, at INTEGER NOT NULL);
  CREATE INDEX waitlist_rate_events_by_client ON waitlist_rate_events (client, at);`

/**
 * The fourth: a delivery telling of a submission (the team's mail) points
 * at its message instead of carrying a copy of it, and leave tokens are
 * kept in their key's order alone (WITHOUT ROWID), one B-tree fewer to
 * write per sign-up. Deliveries queued before keep their copies.
 */
const SCHEMA_4 = `ALTER TABLE waitlist_outbox ADD COLUMN message_id INTEGER;
  CREATE TABLE waitlist_leave_tokens_4 (
    token_hash TEXT PRIMARY KEY,
    entry_id INTEGER NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE
  ) WITHOUT ROWID;
  INSERT INTO waitlist_leave_tokens_4 (token_hash, entry_id) SELECT token_hash, entry_id FROM waitlist_leave_tokens;
  DROP TABLE waitlist_leave_tokens;
  ALTER TABLE waitlist_leave_tokens_4 RENAME TO waitlist_leave_tokens;
  CREATE INDEX waitlist_leave_tokens_by_entry ON waitlist_leave_tokens (entry_id);`

/**
 * Each step brings the schema one version further; `user_version` records
 * how far a file has come. (The tests write files as earlier versions left
 * them with the first steps.)
 */
export const MIGRATIONS: ((db: BetterSqlite3.Database) => void)[] = [(db) => db.exec(SCHEMA_1), migrateToSchema2, (db) => db.exec(SCHEMA_3), (db) => db.exec(SCHEMA_4)]

/** Adds an entry, or marks the existing entry of the address as written to again; gives the entry's id either way. */
const UPSERT_ENTRY = `INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at)
  VALUES (@name, @email, @key, @created, @now)
  ON CONFLICT (email_key) DO UPDATE SET updated_at = max(updated_at, excluded.updated_at)
  RETURNING id`
/**
 * Adds an entry with its confirmation started, or marks the existing entry
 * of the address as written to again and leaves its confirmation alone.
 * It returns the entry's id, and its confirmation as it stands after the
 * write: a new entry, and only a new one, holds this write's confirmation
 * key (random, so no other entry can hold it), which is what is_new says.
 */
const WRITE_ENTRY = `INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at,
    confirm_token_hash, confirm_expires_at, confirm_mails_sent, last_confirm_mail_at)
  VALUES (@name, @email, @key, @now, @now, @hash, @expires, @sent, @last)
  ON CONFLICT (email_key) DO UPDATE SET updated_at = max(updated_at, excluded.updated_at)
  RETURNING id, @hash IS NOT NULL AND confirm_token_hash = @hash AS is_new,
    confirmed_at, confirm_mails_sent, last_confirm_mail_at`
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

/** The rate limit's answer when a client has used its budget: seconds until its oldest counted submission leaves the window. */
const refused = (oldest: number, { windowMs }: RateLimit, now: number): SubmissionOutcome => ({
  accepted: false,
  retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
})

/**
 * What writing an entry gives back: its id, whether this write made it, its
 * confirmation mails so far (a known entry's as they were), and the id of
 * the message written.
 */
type WrittenEntry = { id: number; is_new: 0 | 1; confirmed_at: string | null; confirm_mails_sent: number; last_confirm_mail_at: string | null; messageId: number }

/** The embedded store: one SQLite file in WAL mode, through better-sqlite3. */
export class SqliteWaitlistStore implements WaitlistStore {
  private readonly db: BetterSqlite3.Database
  private readonly statements: ReturnType<typeof prepareStatements>

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
      this.statements = prepareStatements(this.db)
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

  /**
   * Writes the entry and its message. A new entry is written with the
   * confirmation of `confirmation` already started (a new address may always
   * get one); a known one is left as it was. Gives the entry's id, whether it
   * is new, and what it knew of its confirmation mails.
   */
  private write({ entry: { name, email, message, metadata }, now }: Submission, confirmation: ConfirmationDraft | null): WrittenEntry {
    const time = now.toISOString()
    const row = {
      name,
      email: storedEmail(email),
      key: emailKey(email),
      message,
      metadata: JSON.stringify(metadata),
      now: time,
      hash: confirmation?.tokenKey ?? null,
      expires: confirmation?.expiresAt.toISOString() ?? null,
      sent: confirmation ? 1 : 0,
      last: confirmation ? time : null,
    }
    const written = this.statements.writeEntry.get(row) as Omit<WrittenEntry, "messageId">
    const { lastInsertRowid } = this.statements.insertMessage.run({ ...row, id: written.id })
    return { ...written, messageId: Number(lastInsertRowid) }
  }

  /** Adds a delivery about an entry; one telling of a submission (`ofMessage`) points at `messageId`, its message. */
  private queue(entryId: number, { kind, recipient, payload, ofMessage }: NewDelivery, now: Date, messageId: number | null = null) {
    const time = now.toISOString()
    this.statements.queue.run({ entryId, kind, recipient, payload, message: ofMessage ? messageId : null, now: time })
  }

  /** Counts the submission against its client's limit, or refuses it when the budget is spent. */
  private countRate(rateLimit: RateLimit | null, now: Date): SubmissionOutcome {
    if (!rateLimit || rateLimit.limit <= 0) return { accepted: true }
    const at = now.getTime()
    const { n, oldest } = this.statements.recentRate.get(rateLimit.client, at - rateLimit.windowMs) as { n: number; oldest: number | null }
    if (n >= rateLimit.limit) return refused(oldest ?? at, rateLimit, at)
    this.statements.countRate.run(rateLimit.client, at)
    return { accepted: true }
  }

  /** Queues the deliveries of a plan; the confirmation mail only when the entry may get one (see mayGetConfirmation). */
  private queuePlan(written: WrittenEntry, plan: DeliveryPlan, now: Date) {
    const { id, messageId } = written
    if (plan.notify) this.queue(id, plan.notify, now, messageId)
    if (plan.webhook) this.queue(id, plan.webhook, now, messageId)
    const { confirmation } = plan
    if (!confirmation) return
    if (!written.is_new) {
      const record = { confirmedAt: written.confirmed_at, mailsSent: written.confirm_mails_sent, lastMailAt: written.last_confirm_mail_at }
      if (!mayGetConfirmation(record, now)) return
      this.statements.startConfirmation.run({ id, hash: confirmation.tokenKey, expires: confirmation.expiresAt.toISOString(), now: now.toISOString() })
    }
    this.statements.addLeaveToken.run(confirmation.leaveTokenKey, id)
    this.queue(id, confirmation.mail, now)
  }

  /** One submission, inside the transaction of its group. */
  private take(submission: Submission): SubmissionOutcome {
    const outcome = this.countRate(submission.rateLimit, submission.now)
    if (!outcome.accepted) return outcome
    if (submission.discard) {
      this.db.exec("SAVEPOINT discarded")
      this.write(submission, null)
      this.db.exec("ROLLBACK TO discarded; RELEASE discarded")
      this.statements.countDiscard.run()
      return outcome
    }
    this.queuePlan(this.write(submission, submission.plan.confirmation), submission.plan, submission.now)
    return outcome
  }

  /**
   * Every write of one turn of the event loop (sign-ups, the worker's claims
   * and the outcomes of its deliveries), made in one transaction: one fsync
   * acknowledges them all. Under a burst that is a few hundred writes a
   * second instead of thousands, each of which would hold the event loop.
   */
  private readonly together = groupCommit<() => unknown, unknown>((steps) => this.run(() => this.db.transaction(() => steps.map((step) => step()))()))

  submit(submission: Submission): Promise<SubmissionOutcome> {
    return this.together(() => this.take(submission)) as Promise<SubmissionOutcome>
  }

  async save(entry: NewWaitlistEntry): Promise<void> {
    await this.submit({ entry, discard: false, rateLimit: null, plan: NOTHING_TO_DELIVER, now: new Date() })
  }

  async discard(entry: NewWaitlistEntry): Promise<void> {
    await this.submit({ entry, discard: true, rateLimit: null, plan: NOTHING_TO_DELIVER, now: new Date() })
  }

  async confirmationState(tokenKey: string, now: Date): Promise<LinkState> {
    return this.run(() => linkStateOf(this.statements.byConfirmToken.get({ key: tokenKey }) as ConfirmRow | undefined, now))
  }

  async confirm(tokenKey: string, now: Date, webhook: (entry: LinkedEntry) => NewDelivery | null): Promise<LinkState> {
    return this.run(() =>
      this.db.transaction((): LinkState => {
        const row = this.statements.byConfirmToken.get({ key: tokenKey }) as ConfirmRow | undefined
        const state = linkStateOf(row, now)
        if (state !== "pending" || !row) return state
        this.statements.markConfirmed.run(now.toISOString(), row.id)
        const event = webhook({ name: row.name, email: row.email })
        if (event) this.queue(Number(row.id), event, now)
        return "confirmed"
      }).immediate(),
    )
  }

  async canLeave(tokenKey: string): Promise<boolean> {
    return this.run(() => this.statements.byLeaveToken.get({ key: tokenKey }) !== undefined)
  }

  async leave(tokenKey: string): Promise<boolean> {
    return this.run(() => this.statements.leave.run({ key: tokenKey }).changes > 0)
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
    return this.run(() => this.statements.deleteByKey.run(emailKey(email)).changes)
  }

  readonly outbox: OutboxStore = {
    claim: async (now: Date, leaseMs: number, max: number, lane?: DeliveryLane): Promise<Delivery[]> => {
      const time = now.toISOString()
      const lease = new Date(now.getTime() + leaseMs).toISOString()
      const webhooks = lane === undefined ? null : Number(lane === "webhook")
      return (await this.together(() =>
        (this.statements.claim.all({ now: time, lease, max, webhooks }) as DeliveryRow[]).map((row) =>
          deliveryFromRow(row, row.message_id === null ? null : (this.statements.messageById.get(row.message_id) as DeliveryMessageRow | undefined)),
        ),
      )) as Delivery[]
    },
    renew: async (claims: readonly Pick<Delivery, "id" | "attempts">[], now: Date, leaseMs: number): Promise<void> => {
      const lease = new Date(now.getTime() + leaseMs).toISOString()
      await this.together(() => claims.forEach(({ id, attempts }) => this.statements.renew.run({ id, attempts, lease })))
    },
    complete: async (id: string, now: Date): Promise<void> => {
      await this.together(() => this.statements.complete.run(now.toISOString(), id))
    },
    fail: async (id: string, { error, nextAttemptAt }: DeliveryFailure): Promise<void> => {
      await this.together(() =>
        nextAttemptAt
          ? this.statements.retryLater.run({ id, error, next: nextAttemptAt.toISOString() })
          : this.statements.giveUp.run({ id, error }),
      )
    },
    list: async (statuses: readonly DeliveryStatus[]): Promise<Delivery[]> => {
      const rows = this.run(() => this.db.prepare("SELECT * FROM waitlist_outbox ORDER BY created_at, id").all() as DeliveryRow[])
      return rows.filter((row) => statuses.includes(row.status)).map((row) => deliveryFromRow(row))
    },
    retry: async (id: string, now: Date): Promise<boolean> =>
      this.run(() => this.statements.retryFailed.run(now.toISOString(), id).changes > 0),
    prune: async (now: Date, windowMs: number): Promise<void> => {
      this.run(() => this.statements.pruneRate.run(now.getTime() - windowMs))
    },
  }

  async close(): Promise<void> {
    this.db.close()
  }
}

/** A link's key (see linkTokenKey), or its hash part alone: the key of a link made before keys began with the time. */
const KEY_OR_HASH = `(@key, substr(@key, ${KEY_TIME_CHARS + 1}))`

/** The statements the store runs, prepared once. */
function prepareStatements(db: BetterSqlite3.Database) {
  return {
    writeEntry: db.prepare(WRITE_ENTRY),
    insertMessage: db.prepare(INSERT_MESSAGE),
    countDiscard: db.prepare("UPDATE waitlist_counters SET value = value + 1 WHERE name = 'bots_discarded'"),
    deleteByKey: db.prepare("DELETE FROM waitlist_entries WHERE email_key = ?"),
    recentRate: db.prepare("SELECT COUNT(*) AS n, MIN(at) AS oldest FROM waitlist_rate_events WHERE client = ? AND at > ?"),
    countRate: db.prepare("INSERT INTO waitlist_rate_events (client, at) VALUES (?, ?)"),
    pruneRate: db.prepare("DELETE FROM waitlist_rate_events WHERE at <= ?"),
    queue: db.prepare(`INSERT INTO waitlist_outbox (entry_id, kind, recipient, payload, message_id, next_attempt_at, created_at)
      VALUES (@entryId, @kind, @recipient, @payload, @message, @now, @now)`),
    messageById: db.prepare("SELECT name, message, metadata FROM waitlist_messages WHERE id = ?"),
    startConfirmation: db.prepare(`UPDATE waitlist_entries SET confirm_token_hash = @hash, confirm_expires_at = @expires,
      confirm_mails_sent = confirm_mails_sent + 1, last_confirm_mail_at = @now WHERE id = @id`),
    addLeaveToken: db.prepare("INSERT INTO waitlist_leave_tokens (token_hash, entry_id) VALUES (?, ?)"),
    byConfirmToken: db.prepare(`SELECT id, name, email, confirmed_at, confirm_expires_at FROM waitlist_entries WHERE confirm_token_hash IN ${KEY_OR_HASH}`),
    markConfirmed: db.prepare("UPDATE waitlist_entries SET confirmed_at = ? WHERE id = ?"),
    byLeaveToken: db.prepare(`SELECT entry_id FROM waitlist_leave_tokens WHERE token_hash IN ${KEY_OR_HASH}`),
    leave: db.prepare(`DELETE FROM waitlist_entries WHERE id = (SELECT entry_id FROM waitlist_leave_tokens WHERE token_hash IN ${KEY_OR_HASH})`),
    claim: db.prepare(`UPDATE waitlist_outbox SET lease_until = @lease, attempts = attempts + 1
      WHERE id IN (SELECT id FROM waitlist_outbox WHERE status = 'pending' AND next_attempt_at <= @now
        AND (lease_until IS NULL OR lease_until <= @now) AND (@webhooks IS NULL OR (kind = 'webhook') = @webhooks) ORDER BY next_attempt_at, id LIMIT @max)
      RETURNING *`),
    renew: db.prepare("UPDATE waitlist_outbox SET lease_until = @lease WHERE id = @id AND attempts = @attempts AND status = 'pending' AND lease_until IS NOT NULL"),
    complete: db.prepare("UPDATE waitlist_outbox SET status = 'sent', sent_at = ?, lease_until = NULL, payload = '{}', last_error = NULL WHERE id = ?"),
    retryLater: db.prepare("UPDATE waitlist_outbox SET next_attempt_at = @next, lease_until = NULL, last_error = @error WHERE id = @id"),
    giveUp: db.prepare("UPDATE waitlist_outbox SET status = 'failed', lease_until = NULL, last_error = @error WHERE id = @id"),
    retryFailed: db.prepare("UPDATE waitlist_outbox SET status = 'pending', next_attempt_at = ?, attempts = 0, lease_until = NULL WHERE id = ? AND status = 'failed'"),
  }
}
