import type { Delivery, DeliveryFailure, DeliveryLane, DeliveryStatus, NewDelivery } from "./deliveries"
import type { DeliveryPlan } from "./plan-deliveries"

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
  /** When the person confirmed the address by the link in the confirmation mail; null until then. */
  confirmedAt: string | null
  /** Every submission of this address, newest first. */
  messages: WaitlistMessage[]
}

/** A sign-up on its way into the store. */
export type NewWaitlistEntry = { name: string; email: string; message: string; metadata: Record<string, unknown> }

/** The rate limit a submission is held to: at most `limit` accepted in any `windowMs` from one client. */
export type RateLimit = { client: string; limit: number; windowMs: number }

/** A submission as the API hands it to the store, with everything the store decides in the same transaction. */
export type Submission = {
  entry: NewWaitlistEntry
  /** A bot's entry (a filled honeypot): taken down the same path, then thrown away and counted. */
  discard: boolean
  /** Null when the limit is off. */
  rateLimit: RateLimit | null
  /** The mails and webhook events this submission calls for, given the entry's state (see planDeliveries). */
  plan: DeliveryPlan
  now: Date
}

/** What became of a submission: taken (and its deliveries queued), or refused by the rate limit. */
export type SubmissionOutcome = { accepted: true } | { accepted: false; retryAfterSeconds: number }

/** Where a confirmation link stands: still to be confirmed, confirmed already, or expired or unknown. */
export type LinkState = "pending" | "confirmed" | "expired"

/** The entry a link belongs to, as a webhook event names it. */
export type LinkedEntry = { name: string; email: string }

/**
 * Where waitlist entries live: SQLite on one machine, PostgreSQL when many
 * instances share one database. One entry per address key (see emailKey):
 * a repeat sign-up adds its message to the entry and changes nothing else.
 * The mails and webhook events a submission calls for are written in the
 * same transaction as the entry (the outbox), so none is lost when the mail
 * server or the process dies; see OutboxStore.
 */
export interface WaitlistStore {
  /**
   * Takes a submission in one transaction: the rate limit's count, the
   * entry and its message, and the deliveries of its plan (the
   * confirmation mail only when the entry may get one: see
   * mayGetConfirmation). A bot's entry is written inside a savepoint that
   * is rolled back, then counted; it queues nothing.
   */
  submit(submission: Submission): Promise<SubmissionOutcome>
  /** Adds the entry, or adds its message to the entry of the same address; queues nothing and counts no rate. */
  save(entry: NewWaitlistEntry): Promise<void>
  /** Takes a bot's entry down the path of `save`, then throws it away and counts it. */
  discard(entry: NewWaitlistEntry): Promise<void>
  /** Where the confirmation link whose token has this key (see linkTokenKey) stands; reads only. */
  confirmationState(tokenKey: string, now: Date): Promise<LinkState>
  /**
   * Confirms the address of an unexpired confirmation link, once, and queues
   * the event `webhook` makes of it (null for none) in the same transaction.
   * @returns the link's state afterwards: "confirmed", or "expired" for an expired or unknown link
   */
  confirm(tokenKey: string, now: Date, webhook: (entry: LinkedEntry) => NewDelivery | null): Promise<LinkState>
  /** Whether a leave (unsubscribe) link's token belongs to an entry; reads only. */
  canLeave(tokenKey: string): Promise<boolean>
  /** Removes the entry a leave link's token belongs to, with its messages and its pending mail; false when there is none. */
  leave(tokenKey: string): Promise<boolean>
  count(): Promise<number>
  /** How many bot entries `discard` has thrown away. */
  countDiscarded(): Promise<number>
  /** Every entry, oldest first. */
  list(): Promise<WaitlistEntry[]>
  /** Removes the entry of this address with all its messages and pending mail (a privacy request); returns how many entries were removed. */
  remove(email: string): Promise<number>
  /** The deliveries waiting in the outbox. */
  readonly outbox: OutboxStore
  close(): Promise<void>
}

/**
 * The outbox: the mails and webhook events waiting to be delivered, each a
 * row written with the entry it is about. A worker claims due rows for a
 * while (a lease), so that among several instances each delivery is made
 * by one, and a delivery whose instance died is claimed again once its
 * lease runs out.
 */
export interface OutboxStore {
  /** Claims up to `max` pending deliveries that are due and not leased, of one lane or (without `lane`) any, for `leaseMs`, counting the attempt; each with the message it tells of. */
  claim(now: Date, leaseMs: number, max: number, lane?: DeliveryLane): Promise<Delivery[]>
  /**
   * Holds the claims of deliveries still being tried for `leaseMs` more.
   * Each is renewed only while it is still the claim of that attempt
   * (`attempts` as claimed) and its outcome is not recorded, so a claim
   * another instance made after this one's lease ran out is left alone.
   */
  renew(claims: readonly Pick<Delivery, "id" | "attempts">[], now: Date, leaseMs: number): Promise<void>
  /** Marks a delivery as sent and empties its payload, so no link's token outlives it. */
  complete(id: string, now: Date): Promise<void>
  /** Records a failed attempt: tried again at `nextAttemptAt`, or failed for good. */
  fail(id: string, failure: DeliveryFailure): Promise<void>
  /** The deliveries in these states, oldest first. */
  list(statuses: readonly DeliveryStatus[]): Promise<Delivery[]>
  /** Puts a failed delivery back in line, due now; false when there is no failed delivery with that id. */
  retry(id: string, now: Date): Promise<boolean>
  /** Forgets rate-limit counts older than the window, which no limit reads any more. */
  prune(now: Date, windowMs: number): Promise<void>
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
export type EntryRow = {
  id: number | string
  name: string
  email: string
  created_at: string | Date
  updated_at: string | Date
  confirmed_at: string | Date | null
}

/** An entry's row as a confirmation link finds it, as both stores read it back. */
export type ConfirmRow = {
  id: number | string
  name: string
  email: string
  confirmed_at: string | Date | null
  confirm_expires_at: string | Date | null
}

/** Where a confirmation link stands, from the row of its entry (none: an unknown link). */
export function linkStateOf(row: ConfirmRow | undefined, now: Date): LinkState {
  if (!row) return "expired"
  if (row.confirmed_at !== null) return "confirmed"
  return row.confirm_expires_at !== null && Date.parse(isoTime(row.confirm_expires_at)) > now.getTime() ? "pending" : "expired"
}

/** A stored outbox row, as both stores read it back. */
export type DeliveryRow = {
  id: number | string
  kind: Delivery["kind"]
  recipient: string
  payload: string
  status: DeliveryStatus
  attempts: number | string
  next_attempt_at: string | Date
  last_error: string | null
  created_at: string | Date
  /** The message the delivery tells of; null for the others. */
  message_id: number | string | null
}

/** The stored message a claimed delivery tells of, as both stores read it back (see NewDelivery's `ofMessage`). */
export type DeliveryMessageRow = { name: string; message: string; metadata: string }

/** An outbox row as a Delivery, with the message it tells of when the store read one. */
export const deliveryFromRow = (row: DeliveryRow, message?: DeliveryMessageRow | null): Delivery => ({
  id: String(row.id),
  kind: row.kind,
  recipient: row.recipient,
  payload: row.payload,
  status: row.status,
  attempts: Number(row.attempts),
  nextAttemptAt: isoTime(row.next_attempt_at),
  lastError: row.last_error,
  createdAt: isoTime(row.created_at),
  message: message ? { name: message.name, message: message.message, metadata: JSON.parse(message.metadata) as Record<string, unknown> } : null,
})

/** A time as the stores write it: ISO 8601 in UTC. */
export const isoTime = (time: string | Date) => (typeof time === "string" ? time : time.toISOString())

/** Puts the rows of both tables together as entries, oldest entry first and each one's messages newest first. */
export function entriesFromRows(entries: EntryRow[], messages: MessageRow[]): WaitlistEntry[] {
  const byEntry = new Map<string, WaitlistMessage[]>()
  for (const row of messages) {
    const list = byEntry.get(String(row.entry_id)) ?? []
    list.push({ name: row.name, message: row.message, metadata: JSON.parse(row.metadata) as Record<string, unknown>, submittedAt: isoTime(row.submitted_at) })
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
      createdAt: isoTime(row.created_at),
      updatedAt: isoTime(row.updated_at),
      confirmedAt: row.confirmed_at === null ? null : isoTime(row.confirmed_at),
      messages: history,
    }
  })
}
