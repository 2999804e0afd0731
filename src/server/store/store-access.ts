import type { StoreDialect, Tx } from "./dialect"

/**
 * What the parts of the store beside the waitlist's own flows (the admin's
 * accounts and audit log, a person's data) are given by WaitlistDatabase:
 * its database, its way of running work once the schema is up to date,
 * and its keyed hash, so that every part shares one connection, one
 * migration and one key.
 */
export type StoreAccess = {
  dialect: StoreDialect
  /** Runs `work` once the schema is up to date; failures become StoreUnavailableError. */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Runs a write in a transaction (see StoreDialect's write), once the schema is up to date. */
  write<T>(work: (trx: Tx) => Promise<T>): Promise<T>
  /**
   * The keyed hash (HMAC-SHA256 under the key the database made for itself,
   * see migration 0004) of an address's key (see emailKey) or of another
   * text, never reversible without the key: what is kept of a person who
   * left or was erased, and of a client's address after 30 days.
   */
  keyedHash(text: string): string
}
