/** What the waitlist keeps of one person. */
export type WaitlistEntry = {
  name: string
  /** The address as the person typed it. */
  email: string
  message: string
  metadata: Record<string, unknown>
  createdAt: string
  updatedAt: string
}

/** A sign-up on its way into the store. */
export type NewWaitlistEntry = Pick<WaitlistEntry, "name" | "email" | "message" | "metadata">

/**
 * Where waitlist entries live: SQLite on one machine, PostgreSQL when many
 * instances share one database. One entry per normalized e-mail address.
 */
export interface WaitlistStore {
  /** Adds the entry, or brings the existing entry of the same address up to date (newest name, message and metadata). */
  save(entry: NewWaitlistEntry): Promise<void>
  count(): Promise<number>
  /** Every entry, oldest first. */
  list(): Promise<WaitlistEntry[]>
  /** Removes the entry of this address (a privacy request); returns how many were removed. */
  remove(email: string): Promise<number>
  close(): Promise<void>
}

/** The form of an address the list compares: trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/** The store could not be reached or written; the API answers 503 and logs the cause. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "StoreUnavailableError"
  }
}
