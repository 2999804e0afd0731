import { Pool, type PoolClient } from "pg"
import {
  normalizeEmail,
  StoreUnavailableError,
  type NewWaitlistEntry,
  type WaitlistEntry,
  type WaitlistStore,
} from "./waitlist-store"

/** Each step brings the schema one version further; `waitlist_schema` records how far a database has come. */
const MIGRATIONS = [
  `CREATE TABLE waitlist_entries (
     id BIGSERIAL PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     email_normalized TEXT NOT NULL UNIQUE,
     message TEXT NOT NULL,
     metadata TEXT NOT NULL,
     created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
     updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
   )`,
]

/** Any number, as long as every instance uses the same: it serializes migrations across instances. */
const MIGRATION_LOCK = 7_110_421

type Row = { name: string; email: string; message: string; metadata: string; created_at: Date; updated_at: Date }

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
        for (const sql of MIGRATIONS.slice(version)) await client.query(sql)
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

  async save({ name, email, message, metadata }: NewWaitlistEntry): Promise<void> {
    await this.query(
      `INSERT INTO waitlist_entries (name, email, email_normalized, message, metadata)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (email_normalized) DO UPDATE SET
         name = EXCLUDED.name, email = EXCLUDED.email, message = EXCLUDED.message,
         metadata = EXCLUDED.metadata, updated_at = now()`,
      [name, email, normalizeEmail(email), message, JSON.stringify(metadata)],
    )
  }

  async count(): Promise<number> {
    const { rows } = await this.query<{ n: string }>("SELECT COUNT(*) AS n FROM waitlist_entries")
    return Number(rows[0]?.n ?? 0)
  }

  async list(): Promise<WaitlistEntry[]> {
    const { rows } = await this.query<Row>("SELECT * FROM waitlist_entries ORDER BY created_at, id")
    return rows.map((row) => ({
      name: row.name,
      email: row.email,
      message: row.message,
      metadata: JSON.parse(row.metadata) as Record<string, unknown>,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }))
  }

  async remove(email: string): Promise<number> {
    return (await this.query("DELETE FROM waitlist_entries WHERE email_normalized = $1", [normalizeEmail(email)])).rowCount
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}
