/**
 * The database every feature reads and writes: SQLite or PostgreSQL (see
 * connection.ts), brought up to date on first use (see migrateToLatest),
 * with the key it made for itself to hash what it keeps of people who left.
 * Features hold their own queries and call `read` and `write` with them.
 */
import { createHmac } from "crypto"
import { sql } from "kysely"
import type { Logger } from "../observability/logger"
import type { StoreSettings } from "../settings"
import type { Connection, On, Tx } from "./connection"
import { migrateToLatest } from "./migrate"
import { connectPostgres } from "./postgres"
import { connectSqlite } from "./sqlite"

export type { On, Tx } from "./connection"

/** The database could not be reached or written; the API answers 503 and logs the cause. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "StoreUnavailableError"
  }
}

/** The secrets the database made for itself in its migrations (0004, 0005). */
type SecretName = "leaver_key" | "bounce_key"

export type Db = Pick<
  Connection,
  "kind" | "label" | "lock" | "forUpdate" | "skipLocked" | "utcDay" | "roomToWrite" | "compact" | "reclaimSpace"
> & {
  /** Runs `work` on the database once its schema is up to date; any failure becomes StoreUnavailableError naming the database. */
  read<T>(work: (on: On) => Promise<T>): Promise<T>
  /** Runs `work` in a transaction (see Connection's write) once the schema is up to date; failures as `read`'s. */
  write<T>(work: (trx: Tx) => Promise<T>): Promise<T>
  /**
   * The keyed hash (HMAC-SHA256 under the key the database made for
   * itself, see migration 0004) of an address's key or another text, never
   * reversible without the key: what is kept of a person who left or was
   * erased, and of a client's address after 30 days. Valid inside `read`
   * and `write`, once the key is read.
   */
  keyedHash(text: string): string
  /** A secret the database made for itself; valid inside `read` and `write`. */
  secret(name: SecretName): string
  /** Answers once the database does (readiness). */
  ping(): Promise<void>
  close(): Promise<void>
}

/**
 * The database the settings select, as its dialect opens it, without
 * migrations (what openDb and the migrations' tests start from).
 * @throws Error when an SQLite file cannot be opened
 */
export const connect = (settings: StoreSettings, log?: Logger): Connection =>
  settings.kind === "postgres"
    ? connectPostgres(settings.url, log)
    : connectSqlite(settings.file, settings.minFreeBytes ?? 0)

/**
 * The database the settings select: the SQLite file (created with its
 * folder) or the PostgreSQL pool, opened on first use and migrated then,
 * and opened again after a failed attempt (a data folder that was
 * read-only or full heals without a restart); `log` hears of a PostgreSQL
 * connection lost while idle.
 */
export function openDb(settings: StoreSettings, log?: Logger): Db {
  let connection: Connection | null = null
  const where = settings.kind === "sqlite" ? `SQLite waitlist at ${settings.file}` : "PostgreSQL waitlist"
  const label = settings.kind === "sqlite" ? "SQLite" : "PostgreSQL"
  /** The open connection, opened now if need be. @throws StoreUnavailableError */
  const live = (): Connection => {
    try {
      return (connection ??= connect(settings, log))
    } catch (error) {
      throw new StoreUnavailableError(`cannot open the ${where}: ${(error as Error).message}`, { cause: error })
    }
  }
  const secrets = new Map<SecretName, string>()
  let ready: Promise<void> | null = null

  const readSecrets = async (on: On) => {
    const rows = await on.selectFrom("waitlist_secrets").select(["name", "value"]).execute()
    for (const row of rows) secrets.set(row.name as SecretName, row.value)
    if (!secrets.get("leaver_key") || !secrets.get("bounce_key"))
      throw new Error("the database's keys are missing from waitlist_secrets")
  }

  /** Runs `work` once the schema is up to date (migrating on first use, and again after a failed attempt). */
  const once = async <T>(work: (open: Connection) => Promise<T>): Promise<T> => {
    try {
      const open = live()
      ready ??= migrateToLatest(open)
        .then(() => readSecrets(open.kysely))
        .catch((error: unknown) => {
          ready = null
          throw error
        })
      await ready
      return await work(open)
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error
      throw new StoreUnavailableError(`the ${label} waitlist failed: ${(error as Error).message}`, { cause: error })
    }
  }

  const secret = (name: SecretName) => {
    const value = secrets.get(name)
    if (!value) throw new Error(`the database's ${name} is not read yet`)
    return value
  }

  return {
    kind: settings.kind,
    label,
    lock: (trx, key) => live().lock(trx, key),
    forUpdate: (query) => live().forUpdate(query),
    skipLocked: (query) => live().skipLocked(query),
    utcDay: (column) => live().utcDay(column),
    roomToWrite: () => live().roomToWrite(),
    compact: (tables) => once((open) => open.compact(tables)),
    reclaimSpace: () => once((open) => open.reclaimSpace()),
    read: (work) => once((open) => work(open.kysely)),
    write: (work) => once((open) => open.write(work)),
    keyedHash: (text) => createHmac("sha256", secret("leaver_key")).update(text).digest("hex"),
    secret,
    ping: () => once(async (open) => void (await sql`SELECT 1`.execute(open.kysely))),
    close: async () => {
      await connection?.close()
      connection = null
      ready = null
    },
  }
}
