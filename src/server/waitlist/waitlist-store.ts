/** One submission of a person: what they wrote that time, and the metadata their browser sent with it. */
export type WaitlistMessage = {
  /** The name given with this submission (the entry keeps the first one). */
  name: string
  message: string
  metadata: Record<string, unknown>
  submittedAt: string
}

/** What the waitlist keeps of one person. */
export type WaitlistEntry = {
  /** The name of the first sign-up: a later one never changes it. */
  name: string
  /** The address of the first sign-up, its domain in its one stored form (see email-identity.ts). */
  email: string
  /** The newest message and its metadata. */
  message: string
  metadata: Record<string, unknown>
  createdAt: string
  /** When the newest message arrived. */
  updatedAt: string
  /** Every submission of this address, newest first. */
  messages: WaitlistMessage[]
}

/** A sign-up on its way into the store. */
export type NewWaitlistEntry = { name: string; email: string; message: string; metadata: Record<string, unknown> }

/**
 * Where waitlist entries live: SQLite on one machine, PostgreSQL when many
 * instances share one database. One entry per address key (see emailKey):
 * a repeat sign-up adds its message to the entry and changes nothing else.
 */
export interface WaitlistStore {
  /** Adds the entry, or adds its message to the entry of the same address. */
  save(entry: NewWaitlistEntry): Promise<void>
  /**
   * Takes a bot's entry (a filled honeypot) down the same path as `save`,
   * in a transaction of its own that then rolls the entry back and only
   * counts it, so that a bot can tell it apart neither by the time the
   * answer takes nor by a store outage.
   */
  discard(entry: NewWaitlistEntry): Promise<void>
  count(): Promise<number>
  /** How many bot entries `discard` has thrown away. */
  countDiscarded(): Promise<number>
  /** Every entry, oldest first. */
  list(): Promise<WaitlistEntry[]>
  /** Removes the entry of this address and all its messages (a privacy request); returns how many entries were removed. */
  remove(email: string): Promise<number>
  close(): Promise<void>
}

/** The store could not be reached or written; the API answers 503 and logs the cause. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "StoreUnavailableError"
  }
}

/** A stored message row, as both stores read it back. */
export type MessageRow = { entry_id: number | string; name: string; message: string; metadata: string; submitted_at: string | Date }
/** A stored entry row, as both stores read it back. */
export type EntryRow = { id: number | string; name: string; email: string; created_at: string | Date; updated_at: string | Date }

const iso = (time: string | Date) => (typeof time === "string" ? time : time.toISOString())

/** Puts the rows of both tables together as entries, oldest entry first and each one's messages newest first. */
export function entriesFromRows(entries: EntryRow[], messages: MessageRow[]): WaitlistEntry[] {
  const byEntry = new Map<string, WaitlistMessage[]>()
  for (const row of messages) {
    const list = byEntry.get(String(row.entry_id)) ?? []
    list.push({ name: row.name, message: row.message, metadata: JSON.parse(row.metadata) as Record<string, unknown>, submittedAt: iso(row.submitted_at) })
    byEntry.set(String(row.entry_id), list)
  }
  return entries.map((row) => {
    const history = byEntry.get(String(row.id)) ?? []
    const newest = history[0]
    return {
      name: row.name,
      email: row.email,
      message: newest?.message ?? "",
      metadata: newest?.metadata ?? {},
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      messages: history,
    }
  })
}
