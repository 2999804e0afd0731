import { Pool, type PoolClient } from "pg"
import type { Delivery, DeliveryFailure, DeliveryLane, DeliveryStatus, NewDelivery } from "./deliveries"
import { emailKey, storedEmail } from "./email-identity"
import { KEY_TIME_CHARS } from "./link-tokens"
import { mayGetConfirmation, NOTHING_TO_DELIVER } from "./plan-deliveries"
import {
  deliveryFromRow,
  entriesFromRows,
  isoTime,
  StoreUnavailableError,
  linkStateOf,
  type ConfirmRow,
  type DeliveryRow,
  type EntryRow,
  type LinkedEntry,
  type LinkState,
  type MessageRow,
  type NewWaitlistEntry,
  type OutboxStore,
  type Submission,
  type SubmissionOutcome,
  type WaitlistEntry,
  type WaitlistStore,
} from "./waitlist-store"

/** The first schema: one row per address, its newest message in place. */
const SCHEMA_1 = `CREATE TABLE waitlist_entries (
     id BIGSERIAL PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     email_normalized TEXT NOT NULL UNIQUE,
     message TEXT NOT NULL,
     metadata TEXT NOT NULL,
     created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
     updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
   )`

/**
 * The second: entries keyed by the folded address (see emailKey), each
 * submission a row of its own, and a counter of the bots' discarded
 * entries. The entries of the first schema keep their ids; any that the
 * new key finds to be one address are merged into the oldest.
 */
async function migrateToSchema2(client: PoolClient) {
  await client.query(`CREATE TABLE waitlist_messages (
      id BIGSERIAL PRIMARY KEY,
      entry_id BIGINT NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      message TEXT NOT NULL,
      metadata TEXT NOT NULL,
      submitted_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`)
  await client.query("CREATE INDEX waitlist_messages_by_entry ON waitlist_messages (entry_id, id)")
  await client.query(`INSERT INTO waitlist_messages (entry_id, name, message, metadata, submitted_at)
    SELECT id, name, message, metadata, updated_at FROM waitlist_entries ORDER BY id`)
  await client.query("ALTER TABLE waitlist_entries ADD COLUMN email_key TEXT")
  const { rows } = await client.query<{ id: string; email: string }>("SELECT id, email FROM waitlist_entries ORDER BY created_at, id")
  const firstOfKey = new Map<string, string>()
  for (const { id, email } of rows) {
    const key = emailKey(email)
    const first = firstOfKey.get(key)
    if (first === undefined) {
      firstOfKey.set(key, id)
      await client.query("UPDATE waitlist_entries SET email = $2, email_key = $3 WHERE id = $1", [id, storedEmail(email), key])
      continue
    }
    await client.query("UPDATE waitlist_messages SET entry_id = $1 WHERE entry_id = $2", [first, id])
    await client.query(
      "UPDATE waitlist_entries SET updated_at = greatest(updated_at, (SELECT updated_at FROM waitlist_entries WHERE id = $2)) WHERE id = $1",
      [first, id],
    )
    await client.query("DELETE FROM waitlist_entries WHERE id = $1", [id])
  }
  await client.query(`ALTER TABLE waitlist_entries
    DROP COLUMN email_normalized, DROP COLUMN message, DROP COLUMN metadata,
    ALTER COLUMN email_key SET NOT NULL, ADD CONSTRAINT waitlist_entries_email_key UNIQUE (email_key)`)
  await client.query("CREATE TABLE waitlist_counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL)")
  await client.query("INSERT INTO waitlist_counters (name, value) VALUES ('bots_discarded', 0)")
}

/**
 * The third: what an entry's confirmation stands at, the outbox of mails and
 * webhook events, the tokens of leave links, and the rate limit's counts
 * (shared by every instance). Entries from before it are unconfirmed.
 */
const SCHEMA_3 = `ALTER TABLE waitlist_entries
    ADD COLUMN confirmed_at TIMESTAMPTZ,
    ADD COLUMN confirm_token_hash TEXT UNIQUE,
    ADD COLUMN confirm_expires_at TIMESTAMPTZ,
    ADD COLUMN confirm_mails_sent INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN last_confirm_mail_at TIMESTAMPTZ;
  CREATE TABLE waitlist_leave_tokens (
    token_hash TEXT PRIMARY KEY,
    entry_id BIGINT NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE
  );
  CREATE INDEX waitlist_leave_tokens_by_entry ON waitlist_leave_tokens (entry_id);
  CREATE TABLE waitlist_outbox (
    id BIGSERIAL PRIMARY KEY,
    entry_id BIGINT NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    recipient TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    lease_until TIMESTAMPTZ,
    last_error TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    sent_at TIMESTAMPTZ
  );
  CREATE INDEX waitlist_outbox_due ON waitlist_outbox (status, next_attempt_at);
  CREATE INDEX waitlist_outbox_by_entry ON waitlist_outbox (entry_id);
  CREATE TABLE waitlist_rate_events (client TEXT NOT NULL, at BIGINT NOT NULL);
  CREATE INDEX waitlist_rate_events_by_client ON waitlist_rate_events (client, at);`

/**
 * The fourth: a delivery telling of a submission (the team's mail) points
 * at its message instead of carrying a copy of it. Deliveries queued before
 * keep their copies.
 */
const SCHEMA_4 = "ALTER TABLE waitlist_outbox ADD COLUMN message_id BIGINT"

/** Each step brings the schema one version further; `waitlist_schema` records how far a database has come. */
const MIGRATIONS: ((client: PoolClient) => Promise<unknown>)[] = [
  (client) => client.query(SCHEMA_1),
  migrateToSchema2,
  (client) => client.query(SCHEMA_3),
  (client) => client.query(SCHEMA_4),
]

/**
 * Adds the entry or marks the address's entry as written to again, and adds
 * the message to it, in one statement; gives the entry's id, where its
 * confirmation stands, and the message's id.
 */
const SAVE = `WITH entry AS (
    INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at) VALUES ($1, $2, $3, $6, $6)
    ON CONFLICT (email_key) DO UPDATE SET updated_at = greatest(waitlist_entries.updated_at, excluded.updated_at)
    RETURNING id, confirmed_at, confirm_mails_sent, last_confirm_mail_at
  ), message AS (
    INSERT INTO waitlist_messages (entry_id, name, message, metadata, submitted_at) SELECT id, $1, $4, $5, $6 FROM entry RETURNING id
  )
  SELECT entry.*, message.id AS message_id FROM entry, message`

/** A link's key (see linkTokenKey), or its hash part alone: the key of a link made before keys began with the time. */
const KEY_OR_HASH = `($1, substr($1, ${KEY_TIME_CHARS + 1}))`
const CONFIRM_ROW = `SELECT id, name, email, confirmed_at, confirm_expires_at FROM waitlist_entries WHERE confirm_token_hash IN ${KEY_OR_HASH}`

/** Any number, as long as every instance uses the same: with a client's hash, it serializes the rate limit's count of that client. */
const RATE_LOCK = 7_110_422

const QUEUE = `INSERT INTO waitlist_outbox (entry_id, kind, recipient, payload, message_id, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`

/**
 * Claims due deliveries for a lease ($1: now, $2: the lease's end, $3: how
 * many at most, $4: webhooks only, mail only, or either when null), each
 * with the message it tells of. SKIP LOCKED lets
 * several instances claim at once, each different rows.
 */
const CLAIM = `WITH claimed AS (
    UPDATE waitlist_outbox SET lease_until = $2, attempts = attempts + 1
    WHERE id IN (SELECT id FROM waitlist_outbox WHERE status = 'pending' AND next_attempt_at <= $1
      AND (lease_until IS NULL OR lease_until <= $1) AND ($4::boolean IS NULL OR (kind = 'webhook') = $4::boolean)
      ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
    RETURNING *
  )
  SELECT claimed.*, message.name AS message_name, message.message AS message_text, message.metadata AS message_metadata
  FROM claimed LEFT JOIN waitlist_messages message ON message.id = claimed.message_id`

type SavedEntry = { id: string; confirmed_at: Date | null; confirm_mails_sent: number; last_confirm_mail_at: Date | null; message_id: string }

/** A claimed row with the columns of the message it tells of, null for a delivery telling of none. */
type ClaimedRow = DeliveryRow & { message_name: string | null; message_text: string | null; message_metadata: string | null }

const claimedMessage = (row: ClaimedRow) =>
  row.message_name === null || row.message_text === null || row.message_metadata === null
    ? null
    : { name: row.message_name, message: row.message_text, metadata: row.message_metadata }


/** Any number, as long as every instance uses the same: it serializes migrations across instances. */
const MIGRATION_LOCK = 7_110_421

/**
 * The shared store for a deployment of many instances: PostgreSQL through
 * `pg`. Every query gives up within a few seconds, so an outage is answered
 * with 503 in time instead of hanging, and the pool reconnects by itself.
 */
export class PostgresWaitlistStore implements WaitlistStore {
  private readonly pool: Pool
  private ready: Promise<void> | null = null

  constructor(connectionString: string) {
    this.pool = new Pool({
      connectionString,
      max: 10,
      connectionTimeoutMillis: 3000,
      query_timeout: 4000,
      idleTimeoutMillis: 10_000,
    })
    // An idle client that loses its server must not take the process down.
    this.pool.on("error", (error) => console.error("waitlist: PostgreSQL connection lost:", error.message))
  }

  /** Creates or migrates the schema once; a failed attempt is retried by the next call. */
  private migrate(): Promise<void> {
    this.ready ??= this.withClient(async (client) => {
      await client.query("BEGIN")
      try {
        await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK])
        await client.query("CREATE TABLE IF NOT EXISTS waitlist_schema (version INTEGER NOT NULL)")
        const { rows } = await client.query<{ version: number }>("SELECT version FROM waitlist_schema")
        const version = rows[0]?.version ?? 0
        for (const step of MIGRATIONS.slice(version)) await step(client)
        if (rows.length === 0) await client.query("INSERT INTO waitlist_schema (version) VALUES ($1)", [MIGRATIONS.length])
        else await client.query("UPDATE waitlist_schema SET version = $1", [MIGRATIONS.length])
        await client.query("COMMIT")
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined)
        throw error
      }
    }).catch((error: unknown) => {
      this.ready = null
      throw error
    })
    return this.ready
  }

  private async withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect()
    try {
      return await work(client)
    } finally {
      client.release()
    }
  }

  private async query<R extends object>(sql: string, values: unknown[] = []): Promise<{ rows: R[]; rowCount: number }> {
    try {
      await this.migrate()
      const result = await this.pool.query<R>(sql, values)
      return { rows: result.rows, rowCount: result.rowCount ?? 0 }
    } catch (error) {
      throw new StoreUnavailableError(`the PostgreSQL waitlist failed: ${(error as Error).message}`, { cause: error })
    }
  }

  /** Runs `work` in one transaction on one client; a failure rolls it back and becomes StoreUnavailableError. */
  private async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    try {
      await this.migrate()
      return await this.withClient(async (client) => {
        await client.query("BEGIN")
        try {
          const result = await work(client)
          await client.query("COMMIT")
          return result
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined)
          throw error
        }
      })
    } catch (error) {
      throw new StoreUnavailableError(`the PostgreSQL waitlist failed: ${(error as Error).message}`, { cause: error })
    }
  }

  private async write(client: PoolClient, { entry: { name, email, message, metadata }, now }: Submission): Promise<SavedEntry> {
    const { rows } = await client.query<SavedEntry>(SAVE, [name, storedEmail(email), emailKey(email), message, JSON.stringify(metadata), now])
    return rows[0] as SavedEntry
  }

  /**
   * Counts the submission against its client's limit, or refuses it when
   * the budget is spent. A transaction-scoped advisory lock on the client
   * makes count and insert atomic across instances.
   */
  private async countRate(client: PoolClient, { rateLimit, now }: Submission): Promise<SubmissionOutcome> {
    if (!rateLimit || rateLimit.limit <= 0) return { accepted: true }
    const at = now.getTime()
    await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [RATE_LOCK, rateLimit.client])
    const { rows } = await client.query<{ n: string; oldest: string | null }>(
      "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM waitlist_rate_events WHERE client = $1 AND at > $2",
      [rateLimit.client, at - rateLimit.windowMs],
    )
    const { n, oldest } = rows[0] ?? { n: "0", oldest: null }
    if (Number(n) >= rateLimit.limit) {
      return { accepted: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(oldest ?? at) + rateLimit.windowMs - at) / 1000)) }
    }
    await client.query("INSERT INTO waitlist_rate_events (client, at) VALUES ($1, $2)", [rateLimit.client, at])
    return { accepted: true }
  }

  /** Adds a delivery about an entry; one telling of a submission (`ofMessage`) points at `messageId`, its message. */
  private async queue(client: PoolClient, entryId: string, { kind, recipient, payload, ofMessage }: NewDelivery, now: Date, messageId: string | null = null) {
    await client.query(QUEUE, [entryId, kind, recipient, payload, ofMessage ? messageId : null, now])
  }

  async submit(submission: Submission): Promise<SubmissionOutcome> {
    return this.transaction(async (client) => {
      const outcome = await this.countRate(client, submission)
      if (!outcome.accepted) return outcome
      if (submission.discard) {
        await client.query("SAVEPOINT discarded")
        await this.write(client, submission)
        await client.query("ROLLBACK TO SAVEPOINT discarded")
        await client.query("UPDATE waitlist_counters SET value = value + 1 WHERE name = 'bots_discarded'")
        return outcome
      }
      const entry = await this.write(client, submission)
      const { plan, now } = submission
      if (plan.notify) await this.queue(client, entry.id, plan.notify, now, entry.message_id)
      if (plan.webhook) await this.queue(client, entry.id, plan.webhook, now, entry.message_id)
      const record = {
        confirmedAt: entry.confirmed_at && isoTime(entry.confirmed_at),
        mailsSent: entry.confirm_mails_sent,
        lastMailAt: entry.last_confirm_mail_at && isoTime(entry.last_confirm_mail_at),
      }
      if (plan.confirmation && mayGetConfirmation(record, now)) {
        const { tokenKey, leaveTokenKey, expiresAt, mail } = plan.confirmation
        await client.query(
          `UPDATE waitlist_entries SET confirm_token_hash = $2, confirm_expires_at = $3,
             confirm_mails_sent = confirm_mails_sent + 1, last_confirm_mail_at = $4 WHERE id = $1`,
          [entry.id, tokenKey, expiresAt, now],
        )
        await client.query("INSERT INTO waitlist_leave_tokens (token_hash, entry_id) VALUES ($1, $2)", [leaveTokenKey, entry.id])
        await this.queue(client, entry.id, mail, now)
      }
      return outcome
    })
  }

  async save(entry: NewWaitlistEntry): Promise<void> {
    await this.submit({ entry, discard: false, rateLimit: null, plan: NOTHING_TO_DELIVER, now: new Date() })
  }

  async discard(entry: NewWaitlistEntry): Promise<void> {
    await this.submit({ entry, discard: true, rateLimit: null, plan: NOTHING_TO_DELIVER, now: new Date() })
  }

  async confirmationState(tokenKey: string, now: Date): Promise<LinkState> {
    const { rows } = await this.query<ConfirmRow>(CONFIRM_ROW, [tokenKey])
    return linkStateOf(rows[0], now)
  }

  async confirm(tokenKey: string, now: Date, webhook: (entry: LinkedEntry) => NewDelivery | null): Promise<LinkState> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<ConfirmRow>(`${CONFIRM_ROW} FOR UPDATE`, [tokenKey])
      const row = rows[0]
      const state = linkStateOf(row, now)
      if (state !== "pending" || !row) return state
      await client.query("UPDATE waitlist_entries SET confirmed_at = $1 WHERE id = $2", [now, row.id])
      const event = webhook({ name: row.name, email: row.email })
      if (event) await this.queue(client, String(row.id), event, now)
      return "confirmed"
    })
  }

  async canLeave(tokenKey: string): Promise<boolean> {
    return (await this.query(`SELECT 1 FROM waitlist_leave_tokens WHERE token_hash IN ${KEY_OR_HASH}`, [tokenKey])).rowCount > 0
  }

  async leave(tokenKey: string): Promise<boolean> {
    const deleted = await this.query(`DELETE FROM waitlist_entries WHERE id = (SELECT entry_id FROM waitlist_leave_tokens WHERE token_hash IN ${KEY_OR_HASH})`, [tokenKey])
    return deleted.rowCount > 0
  }

  async count(): Promise<number> {
    const { rows } = await this.query<{ n: string }>("SELECT COUNT(*) AS n FROM waitlist_entries")
    return Number(rows[0]?.n ?? 0)
  }

  async countDiscarded(): Promise<number> {
    const { rows } = await this.query<{ value: string }>("SELECT value FROM waitlist_counters WHERE name = 'bots_discarded'")
    return Number(rows[0]?.value ?? 0)
  }

  async list(): Promise<WaitlistEntry[]> {
    const entries = await this.query<EntryRow>("SELECT * FROM waitlist_entries ORDER BY created_at, id")
    const messages = await this.query<MessageRow>("SELECT * FROM waitlist_messages ORDER BY entry_id, id DESC")
    return entriesFromRows(entries.rows, messages.rows)
  }

  async remove(email: string): Promise<number> {
    return (await this.query("DELETE FROM waitlist_entries WHERE email_key = $1", [emailKey(email)])).rowCount
  }

  readonly outbox: OutboxStore = {
    claim: async (now: Date, leaseMs: number, max: number, lane?: DeliveryLane): Promise<Delivery[]> => {
      const { rows } = await this.query<ClaimedRow>(CLAIM, [now, new Date(now.getTime() + leaseMs), max, lane === undefined ? null : lane === "webhook"])
      return rows.map((row) => deliveryFromRow(row, claimedMessage(row)))
    },
    renew: async (claims: readonly Pick<Delivery, "id" | "attempts">[], now: Date, leaseMs: number): Promise<void> => {
      if (claims.length === 0) return
      await this.query(
        `UPDATE waitlist_outbox SET lease_until = $1 WHERE status = 'pending' AND lease_until IS NOT NULL
         AND (id, attempts) IN (SELECT * FROM unnest($2::bigint[], $3::integer[]))`,
        [new Date(now.getTime() + leaseMs), claims.map(({ id }) => id), claims.map(({ attempts }) => attempts)],
      )
    },
    complete: async (id: string, now: Date): Promise<void> => {
      await this.query(
        "UPDATE waitlist_outbox SET status = 'sent', sent_at = $2, lease_until = NULL, payload = '{}', last_error = NULL WHERE id = $1",
        [id, now],
      )
    },
    fail: async (id: string, { error, nextAttemptAt }: DeliveryFailure): Promise<void> => {
      if (nextAttemptAt) {
        await this.query("UPDATE waitlist_outbox SET next_attempt_at = $2, lease_until = NULL, last_error = $3 WHERE id = $1", [id, nextAttemptAt, error])
      } else {
        await this.query("UPDATE waitlist_outbox SET status = 'failed', lease_until = NULL, last_error = $2 WHERE id = $1", [id, error])
      }
    },
    list: async (statuses: readonly DeliveryStatus[]): Promise<Delivery[]> => {
      const { rows } = await this.query<DeliveryRow>("SELECT * FROM waitlist_outbox WHERE status = ANY($1) ORDER BY created_at, id", [statuses])
      return rows.map((row) => deliveryFromRow(row))
    },
    retry: async (id: string, now: Date): Promise<boolean> => {
      if (!/^\d{1,18}$/.test(id)) return false
      const { rowCount } = await this.query(
        "UPDATE waitlist_outbox SET status = 'pending', next_attempt_at = $2, attempts = 0, lease_until = NULL WHERE id = $1 AND status = 'failed'",
        [id, now],
      )
      return rowCount > 0
    },
    prune: async (now: Date, windowMs: number): Promise<void> => {
      await this.query("DELETE FROM waitlist_rate_events WHERE at <= $1", [now.getTime() - windowMs])
    },
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}
