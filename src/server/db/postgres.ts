/**
 * The shared database: PostgreSQL through a pool of `pg` connections, for a
 * deployment of several instances on one list.
 */
import { Kysely, PostgresDialect, sql } from "kysely"
import { Client, Pool, types, type ClientConfig } from "pg"
import type { Logger } from "../observability/logger"
import type { Connection } from "./connection"
import type { Database } from "./schema"

/** Any number, as long as every instance uses the same: with a key's hash, it names the advisory lock of that key. */
const LOCK_NAMESPACE = 7_110_422

/** How long rewriting a table may take: its lock holds the table's writes meanwhile, and the waitlist's tables are small. */
const REWRITE_TIMEOUT_MS = 60_000

/** PostgreSQL's bigint, which `pg` reads as text: here every one (ids, counts, times in ms) fits a JavaScript number. */
const INT8 = 20

/** How long a request waits for one of the pool's connections: a burst of sign-ups on a busy machine queues for them rather than being turned away. */
const CONNECTION_WAIT_MS = 10_000

/** How long a new connection waits for the server to answer its start: one that accepts and never answers is an outage. */
const CONNECT_TIMEOUT_MS = 3000

/** A connection of the pool: it gives up on a silent server sooner than a request gives up waiting for the pool. */
class PoolClient extends Client {
  constructor(config: ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  }
}

/**
 * The PostgreSQL database of `url`. Every query gives up within a few
 * seconds, so an outage is answered with 503 in time instead of hanging,
 * and the pool reconnects by itself.
 */
export function connectPostgres(url: string, log: Logger | undefined): Connection {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECTION_WAIT_MS,
    Client: PoolClient,
    query_timeout: 4000,
    idleTimeoutMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8 ? Number : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
    },
  })
  // An idle client that loses its server must not take the process down.
  pool.on("error", (error) => log?.warn({ cause: error.message }, "database: an idle PostgreSQL connection was lost"))
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    kind: "postgres",
    label: "PostgreSQL",
    kysely,
    write: (work) => kysely.transaction().execute(work),
    roomToWrite: () => null,
    lock: async (trx, key) =>
      void (await sql`SELECT pg_advisory_xact_lock(${sql.lit(LOCK_NAMESPACE)}, hashtext(${key}))`.execute(trx)),
    forUpdate: (query) => query.forUpdate(),
    skipLocked: (query) => query.forUpdate().skipLocked(),
    utcDay: (column) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
    columns: { time: "timestamptz", bigint: "bigint", id: "bigserial", autoIncrement: false, keyOrdered: false },
    async legacySchemaVersion(on) {
      const found = await sql<{ name: string | null }>`SELECT to_regclass('waitlist_schema')::text AS name`.execute(on)
      if (!found.rows[0]?.name) return 0
      return Number(
        (await sql<{ version: number }>`SELECT version FROM waitlist_schema`.execute(on)).rows[0]?.version ?? 0,
      )
    },
    forgetLegacySchemaVersion: async (on) => void (await sql`DROP TABLE IF EXISTS waitlist_schema`.execute(on)),
    async compact(tables) {
      // Outside any transaction, as VACUUM must be, with more time than a query gets.
      const client = await pool.connect()
      try {
        for (const table of tables)
          await client.query({
            text: `VACUUM FULL ${client.escapeIdentifier(table)}`,
            query_timeout: REWRITE_TIMEOUT_MS,
          } as never)
      } finally {
        client.release()
      }
    },
    reclaimSpace: async () => undefined,
    close: () => kysely.destroy(),
  }
}
