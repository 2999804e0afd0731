import { Pool, type PoolClient } from "pg"
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

/** Each step brings the schema one version further; `waitlist_schema` records how far a database has come. */
const MIGRATIONS: ((client: PoolClient) => Promise<unknown>)[] = [(client) => client.query(SCHEMA_1), migrateToSchema2]

/** Adds the entry or marks the address's entry as written to again, and adds the message to it, in one statement. */
const SAVE = `WITH entry AS (
    INSERT INTO waitlist_entries (name, email, email_key) VALUES ($1, $2, $3)
    ON CONFLICT (email_key) DO UPDATE SET updated_at = greatest(waitlist_entries.updated_at, now())
    RETURNING id
  )
  INSERT INTO waitlist_messages (entry_id, name, message, metadata) SELECT id, $1, $4, $5 FROM entry`

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

  private saveValues({ name, email, message, metadata }: NewWaitlistEntry): unknown[] {
    return [name, storedEmail(email), emailKey(email), message, JSON.stringify(metadata)]
  }

  async save(entry: NewWaitlistEntry): Promise<void> {
    await this.query(SAVE, this.saveValues(entry))
  }

  async discard(entry: NewWaitlistEntry): Promise<void> {
    try {
      await this.migrate()
      await this.withClient(async (client) => {
        await client.query("BEGIN")
        try {
          await client.query("SAVEPOINT discarded")
          await client.query(SAVE, this.saveValues(entry))
          await client.query("ROLLBACK TO SAVEPOINT discarded")
          await client.query("UPDATE waitlist_counters SET value = value + 1 WHERE name = 'bots_discarded'")
          await client.query("COMMIT")
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined)
          throw error
        }
      })
    } catch (error) {
      throw new StoreUnavailableError(`the PostgreSQL waitlist failed: ${(error as Error).message}`, { cause: error })
    }
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

  async close(): Promise<void> {
    await this.pool.end()
  }
}
