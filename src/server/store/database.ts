import type { ColumnType, Generated } from "kysely"

/**
 * A stored time: ISO 8601 text in UTC on SQLite, `timestamptz` on
 * PostgreSQL. Written as ISO text on both (PostgreSQL parses it), read back
 * through `toDate`, so the rest of the code only ever sees a Date.
 */
export type StoredTime = ColumnType<string | Date, string, string>

/** A stored time as a Date, whichever database read it. */
export const toDate = (time: string | Date): Date => (typeof time === "string" ? new Date(time) : time)

/** A stored time as a Date, or null. */
export const toDateOrNull = (time: string | Date | null): Date | null => (time === null ? null : toDate(time))

/** A stored time as the databases write it. */
export const storedTime = (time: Date): string => time.toISOString()

/** One person on the waitlist, keyed by the folded address (see emailKey). */
export type EntriesTable = {
  id: Generated<number>
  name: string
  email: string
  email_key: string
  created_at: StoredTime
  updated_at: StoredTime
  confirmed_at: StoredTime | null
  /** The key (see linkTokenKey) of the confirmation link last mailed. */
  confirm_token_hash: string | null
  confirm_expires_at: StoredTime | null
  confirm_mails_sent: Generated<number>
  last_confirm_mail_at: StoredTime | null
}

/** One submission of an entry: what the person wrote that time. */
export type MessagesTable = {
  id: Generated<number>
  entry_id: number
  name: string
  message: string
  /** The metadata their browser sent, as JSON. */
  metadata: string
  submitted_at: StoredTime
}

/** Counters kept by name: `bots_discarded`. */
export type CountersTable = { name: string; value: number }

/** The key of each leave link mailed, with its entry. */
export type LeaveTokensTable = { token_hash: string; entry_id: number }

/** A mail or webhook event waiting to be delivered, written in the transaction of what it tells of. */
export type OutboxTable = {
  id: Generated<number>
  entry_id: number
  kind: string
  recipient: string
  payload: string
  status: Generated<string>
  attempts: Generated<number>
  next_attempt_at: StoredTime
  lease_until: StoredTime | null
  last_error: string | null
  created_at: StoredTime
  sent_at: StoredTime | null
  /** The message the delivery tells of (the team's mail); null for the others. */
  message_id: number | null
}

/** One accepted submission of a client, in milliseconds since 1970, counted by the rate limit. */
export type RateEventsTable = { client: string; at: number }

/** The waitlist's tables, as the migrations make them. */
/** Keys the waitlist made for itself (see migration 0004). */
export type SecretsTable = { name: string; value: string }

/** A person who left: a keyed hash of their address, and the confirmation mails it was sent. */
export type LeaversTable = { address_hash: string; confirm_mails_sent: number; last_confirm_mail_at: StoredTime | null; left_at: StoredTime }

/** The random salt of one day (UTC, `YYYY-MM-DD`) that visitors' hashes are keyed with; deleted two days on (see migration 0007). */
export type VisitSaltsTable = { day: string; salt: string }

/** Page views counted per day, page, language, referrer host and campaign parameters. */
export type VisitViewsTable = { day: string; page: string; language: string; referrer: string; utm_source: string; utm_medium: string; utm_campaign: string; views: number }

/** The visitors of the day not yet over, one row per visitor and dimension: a keyed hash, never an address. Rolled into counts and deleted when the day ends. */
export type VisitVisitorsTable = { day: string; dimension: string; value: string; visitor: string }

/** The visitors of past days, counted per day and dimension. */
export type VisitVisitorCountsTable = { day: string; dimension: string; value: string; visitors: number }

export type Database = {
  visit_salts: VisitSaltsTable
  visit_views: VisitViewsTable
  visit_visitors: VisitVisitorsTable
  visit_visitor_counts: VisitVisitorCountsTable
  waitlist_entries: EntriesTable
  waitlist_messages: MessagesTable
  waitlist_counters: CountersTable
  waitlist_leave_tokens: LeaveTokensTable
  waitlist_outbox: OutboxTable
  waitlist_rate_events: RateEventsTable
  waitlist_secrets: SecretsTable
  waitlist_leavers: LeaversTable
}
