import type { AnnouncementStore } from "../announcements/announcement-store"
import type { BounceStore } from "../bounces/bounce-store"
import type { Delivery, DeliveryFailure, DeliveryLane, DeliveryStatus, NewDelivery } from "./deliveries"
import type { DeliveryPlan } from "./plan-deliveries"
import type { PolicyVersion } from "./privacy-policy-version"
import type { AdminDatabase } from "../store/admin-database"
import type { PeopleDatabase } from "../store/people-database"
import type { VisitStore } from "../visits/visit-store"

/** One submission of a person: what they wrote that time, and the metadata their browser sent with it. */
export type WaitlistMessage = {
  /** The name given with this submission (the entry keeps the first one). */
  name: string
  message: string
  metadata: Record<string, unknown>
  submittedAt: Date
  /** The privacy policy in force when it was sent; null when not recorded (before migration 0006). */
  policy?: PolicyVersion | null
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
  createdAt: Date
  /** When the newest message arrived. */
  updatedAt: Date
  /** When the person confirmed the address by the link in the confirmation mail; null until then. */
  confirmedAt: Date | null
  /** The privacy policy in force when the address was confirmed; null when not confirmed or not recorded (before migration 0006). */
  confirmedPolicy?: PolicyVersion | null
  /** Every submission of this address, newest first. */
  messages: WaitlistMessage[]
  /** When the address was suppressed (a bounce or a complaint: it gets no mail), and why; null while it is not. */
  suppressedAt: Date | null
  suppressedReason: string | null
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
  /** The privacy policy in force as the person sent it, kept with the message (see privacyPolicyInForce). */
  consent?: PolicyVersion | null
}

/**
 * What a taken submission did to the list: made a new entry, added a
 * message to a known one, was thrown away as a repeat past the address's
 * messages of a day, or as a bot's (a filled honeypot).
 */
export type TakenAs = "new" | "repeat" | "repeat_discarded" | "bot"

/** What became of a submission: taken (and its deliveries queued), or refused by the rate limit. */
export type SubmissionOutcome = { accepted: true; takenAs: TakenAs } | { accepted: false; retryAfterSeconds: number }

/** Where a confirmation link stands: still to be confirmed, confirmed already, or expired or unknown. */
export type LinkState = "pending" | "confirmed" | "expired"

/** The entry a link belongs to, as a webhook event names it. */
export type LinkedEntry = { name: string; email: string }

/**
 * Where waitlist entries live (see WaitlistDatabase, on SQLite or
 * PostgreSQL). One entry per address key (see emailKey): a repeat sign-up
 * adds its message to the entry and changes nothing else. The mails and
 * webhook events a submission calls for are written in the same
 * transaction as the entry (the outbox), so none is lost when the mail
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
  /** Where the confirmation link whose token has this key (see linkTokenKey) stands; reads only. */
  confirmationState(tokenKey: string, now: Date): Promise<LinkState>
  /**
   * Confirms the address of an unexpired confirmation link, once, and queues
   * the event `webhook` makes of it (null for none) in the same transaction.
   * @returns the link's state afterwards: "confirmed", or "expired" for an expired or unknown link
   */
  confirm(tokenKey: string, now: Date, webhook: (entry: LinkedEntry) => NewDelivery | null, consent?: PolicyVersion | null): Promise<LinkState>
  /** Whether a leave (unsubscribe) link's token belongs to an entry; reads only. */
  canLeave(tokenKey: string): Promise<boolean>
  /** Removes the entry a leave link's token belongs to, with its messages and its pending mail; false when there is none. */
  leave(tokenKey: string): Promise<boolean>
  count(): Promise<number>
  /** How many submissions were thrown away: bots' entries (a filled honeypot), and repeats of an address past MESSAGES_PER_DAY. */
  countDiscarded(): Promise<{ bots: number; repeats: number }>
  /** Every entry, oldest first. */
  list(): Promise<WaitlistEntry[]>
  /** Erases the entry of this address with all its messages and mail (a privacy request from the command line: see PeopleDatabase's erase); returns how many entries were removed. */
  remove(email: string): Promise<number>
  /** The admin's accounts, sessions and audit log. */
  readonly admin: AdminDatabase
  /** A person's data, the entries' search and the dashboard's figures. */
  readonly people: PeopleDatabase
  /** The deliveries waiting in the outbox. */
  readonly outbox: OutboxStore
  /** The announcements sent to the waitlist. */
  readonly announcements: AnnouncementStore
  /** Bounces, complaints and the addresses they suppress. */
  readonly bounces: BounceStore
  /** The counts of visits to the site's pages, kept beside the waitlist (see src/server/visits/). */
  readonly visits: VisitStore
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
  /** Claims up to `max` pending deliveries of a lane (of any lane when none is given) that are due and not leased, for `leaseMs`, counting the attempt; each with the message it tells of. */
  claim(now: Date, leaseMs: number, max: number, lane?: DeliveryLane): Promise<Delivery[]>
  /**
   * Holds the claims of deliveries still being tried for `leaseMs` more.
   * Each is renewed only while it is still the claim of that attempt
   * (`attempts` as claimed) and its outcome is not recorded, so a claim
   * another instance made after this one's lease ran out is left alone.
   */
  renew(claims: readonly Pick<Delivery, "id" | "attempts">[], now: Date, leaseMs: number): Promise<void>
  /** Marks a delivery as sent and empties its payload, so no link's token outlives it (and an announcement's mail as sent). */
  complete(id: number, now: Date): Promise<void>
  /** Records a failed attempt: tried again at `nextAttemptAt`, or failed for good; a bounce at delivery is counted (see BounceStore's record). */
  fail(id: number, failure: DeliveryFailure): Promise<void>
  /**
   * Gives claims back before their lease runs out (a try left unfinished at
   * shutdown), so another instance takes them at once. As with renew, only
   * a claim that is still that attempt's and not recorded is given back.
   */
  release(claims: readonly Pick<Delivery, "id" | "attempts">[]): Promise<void>
  /** How many deliveries are pending (due or not) and held by a paused announcement, and when the oldest pending was queued, in all and by lane. */
  backlog(): Promise<OutboxDepth>
  /** The deliveries in these states, oldest first. */
  list(statuses: readonly DeliveryStatus[]): Promise<Delivery[]>
  /** Puts a failed delivery back in line, due now; false when there is no failed delivery with that id (given as typed). */
  retry(id: string, now: Date): Promise<boolean>
  /** Forgets rate-limit counts older than the window, which no limit reads any more, and what the admin may keep no longer (see AdminDatabase's forgetOld). */
  prune(now: Date, windowMs: number): Promise<void>
}

/** Deliveries waiting, and when the oldest of them was queued (null for none). */
export type PendingDeliveries = { pending: number; oldestPendingAt: Date | null }

/**
 * Where the outbox stands: the deliveries pending (due or not, an
 * announcement's included) in all and in each lane, and the mails of
 * paused announcements, which wait for `announce resume` rather than for
 * the worker and so are counted apart (their age says nothing of the
 * outbox's health).
 */
export type OutboxDepth = PendingDeliveries & { paused: number; lanes: Record<DeliveryLane, PendingDeliveries> }

/** The store could not be reached or written; the API answers 503 and logs the cause. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "StoreUnavailableError"
  }
}
