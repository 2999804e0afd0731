/**
 * What SQLite and PostgreSQL each provide (see sqlite.ts and postgres.ts), the one place where they differ: how a database is
 * opened, how writes are grouped into transactions, the locks PostgreSQL
 * needs across instances, the column types of the schema, and the schema
 * version the site recorded before its migrations were Kysely's. Every
 * query and every flow is written once, over Kysely, in its feature.
 */
import type { ColumnDataType, Kysely, RawBuilder, SelectQueryBuilder, Transaction } from "kysely"
import type { StoreSettings } from "../settings"
import type { Database } from "./schema"

/** A transaction of the database. */
export type Tx = Transaction<Database>

/** The database or a transaction of it: what a query runs on. */
export type On = Kysely<Database>

/** The database as its dialect opens it, before the schema is brought up to date (see openDb). */
export type Connection = {
  kind: StoreSettings["kind"]
  /** "SQLite" or "PostgreSQL", for messages. */
  label: string
  kysely: Kysely<Database>
  /**
   * Runs a write in a transaction. On SQLite, the writes of one turn of the
   * event loop share one transaction (see groupCommit): one sync of the
   * file acknowledges a burst. On PostgreSQL each write has its own, so
   * that the locks of one client never wait on another's.
   */
  write<T>(work: (trx: Tx) => Promise<T>): Promise<T>
  /**
   * Why the database takes no new sign-up now, or null when it does:
   * SQLite's disk has less free space than its floor, so a sign-up is
   * refused with a 503 before a write can fail halfway (PostgreSQL's disk
   * is its server's to watch).
   */
  roomToWrite(): string | null
  /** Serializes, across instances, the transactions that lock the same key until they end (SQLite has a single writer already). */
  lock(trx: Tx, key: string): Promise<void>
  /** Locks the row a write reads before it changes it (SQLite has a single writer already). */
  forUpdate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>
  /** Locks the rows a claim picks, skipping those another instance holds (SQLite has a single writer already). */
  skipLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>
  /** The day (YYYY-MM-DD, UTC) of a stored time column, as SQL. */
  utcDay(column: string): RawBuilder<string>
  /** The column types the schema is written with; `keyOrdered`: a table keyed by text is stored in its key's order alone (SQLite's WITHOUT ROWID). */
  columns: {
    time: ColumnDataType
    bigint: ColumnDataType
    id: ColumnDataType
    autoIncrement: boolean
    keyOrdered: boolean
  }
  /** The schema version the site recorded before its migrations were Kysely's (1 to 4), or 0 for none. */
  legacySchemaVersion(on: On): Promise<number>
  /** Forgets that record, once the baseline has taken the schema over. */
  forgetLegacySchemaVersion(on: On): Promise<void>
  /**
   * Leaves no byte of deleted rows of these tables in the database's files
   * (after an erasure, and after a migration that deletes most of a
   * table, see COMPACTED_AFTER): SQLite overwrites what it deletes (secure_delete)
   * and its log is checkpointed and truncated here; PostgreSQL rewrites
   * each table (VACUUM FULL), whose old files it truncates at once.
   */
  compact(tables: readonly (keyof Database)[]): Promise<void>
  /**
   * Gives back the space deleted rows left, without holding the event loop
   * long: SQLite's free pages are handed back to the file system a slice
   * at a time and its log is cut to nothing; PostgreSQL's autovacuum reuses
   * the space on its own.
   */
  reclaimSpace(): Promise<void>
  close(): Promise<void>
}
