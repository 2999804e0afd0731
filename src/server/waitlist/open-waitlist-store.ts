import { runtimeEnv } from "./runtime-env"
import path from "path"
import { PostgresWaitlistStore } from "./postgres-store"
import { SqliteWaitlistStore } from "./sqlite-store"
import type { WaitlistStore } from "./waitlist-store"

/** Where the embedded store lives when WAITLIST_DB_PATH is not set. */
export const DEFAULT_DB_PATH = ".data/waitlist.sqlite"

/** A sentence that says which store the environment selects, for logs and the CLI. */
export function describeWaitlistStore(env: NodeJS.ProcessEnv = runtimeEnv()): string {
  if (env.DATABASE_URL) return "PostgreSQL (DATABASE_URL)"
  return `SQLite at ${path.resolve(env.WAITLIST_DB_PATH || DEFAULT_DB_PATH)}`
}

/**
 * Opens the store the environment selects: PostgreSQL when DATABASE_URL is
 * set, else the SQLite file at WAITLIST_DB_PATH (default .data/waitlist.sqlite).
 * @throws StoreUnavailableError when the SQLite file cannot be opened.
 */
export function openWaitlistStore(env: NodeJS.ProcessEnv = runtimeEnv()): WaitlistStore {
  if (env.DATABASE_URL) return new PostgresWaitlistStore(env.DATABASE_URL)
  return new SqliteWaitlistStore(path.resolve(env.WAITLIST_DB_PATH || DEFAULT_DB_PATH))
}
