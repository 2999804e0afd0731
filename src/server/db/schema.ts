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
  /** The name folded for search (see folded). */
  name_key: string | null
  /** Where the first sign-up came from (see entryAttribution). */
  lang: string | null
  referrer_host: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  /** The privacy policy in force when the address was confirmed (see PolicyVersion); null before migration 0006. */
  confirmed_policy_lang: string | null
  confirmed_policy_date: string | null
  confirmed_policy_sha256: string | null
  /** The personal code of the entry's link, given when it is confirmed (see migration 0011). */
  referral_code: string | null
  /** When the sequences' job next looks at the confirmed entry; null when no step is left for it (see migration 0013). */
  sequence_due_at: StoredTime | null
  /** The store (ios, android) the person chose on their place page for their codes (see migration 0018). */
  code_platform: string | null
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
  /** The privacy policy in force when the message was sent (see PolicyVersion); null before migration 0006. */
  policy_lang: string | null
  policy_date: string | null
  policy_sha256: string | null
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
  /** The provider of a visitor mail's address (see mailboxProviderOf); null for the team's mail and webhook events (migration 0012). */
  mailbox_provider: string | null
}

/** One accepted submission of a client, in milliseconds since 1970, counted by the rate limit. */
export type RateEventsTable = { client: string; at: number }

/** The waitlist's tables, as the migrations make them. */
/** Keys the waitlist made for itself (see migration 0004). */
export type SecretsTable = { name: string; value: string }

/** A person who left: a keyed hash of their address, and the confirmation mails it was sent. */
export type LeaversTable = {
  address_hash: string
  confirm_mails_sent: number
  last_confirm_mail_at: StoredTime | null
  left_at: StoredTime
}

/** An announcement sent to the waitlist (see migration 0005): its text as first sent, per language, as JSON. */
export type AnnouncementsTable = {
  id: Generated<number>
  slug: string
  content: string
  state: string
  paused_reason: string | null
  created_at: StoredTime
}

/** One entry's mail of an announcement, and what became of it. */
export type AnnouncementMailsTable = {
  announcement_id: number
  entry_id: number
  lang: string
  delivery_id: number
  /** "sent" or "failed" once its outbox delivery is over; null while it waits. */
  outcome: string | null
  /** When its last try ended, and whether that try failed (what the send's pause watches). */
  tried_at: StoredTime | null
  try_failed: Generated<number>
}

/** A bounce or complaint counted, once per delivery and kind ("hard", "soft", "complaint"). */
export type BouncesTable = {
  delivery_id: number
  kind: string
  address_hash: string
  detail: string | null
  received_at: StoredTime
}

/** An address (its keyed hash) that gets no mail, why, and when that was lifted (null: it still holds). */
export type SuppressionsTable = {
  address_hash: string
  reason: string
  detail: string | null
  delivery_id: number | null
  suppressed_at: StoredTime
  lifted_at: StoredTime | null
}

/** An erasure of a person's data: a keyed hash of the address (see migration 0004's key), when, and by whom. */
export type ErasuresTable = { id: Generated<number>; address_hash: string; erased_at: StoredTime; erased_by: string }

/** A person who runs the site: invited by the CLI, active once they set a password and enrolled an authenticator. */
export type AdminAccountsTable = {
  id: Generated<number>
  email: string
  email_key: string
  role: string
  /** argon2id; null until the invitation is taken. */
  password_hash: string | null
  /** The TOTP secret (base32) of the enrolled authenticator, and the one shown while enrolling. */
  totp_secret: string | null
  totp_pending_secret: string | null
  /** The last time step a code was accepted for: a code is never taken twice. */
  totp_last_step: number | null
  /** The SHA-256 of the invitation's token, and when it stops working. */
  invite_token_hash: string | null
  invite_expires_at: StoredTime | null
  /** The failed tries at taking the invitation (see migration 0015). */
  invite_failed_tries: Generated<number>
  created_at: StoredTime
  activated_at: StoredTime | null
  revoked_at: StoredTime | null
}

/** A logged-in session, by the SHA-256 of its cookie's token. */
export type AdminSessionsTable = {
  token_hash: string
  account_id: number
  created_at: StoredTime
  last_seen_at: StoredTime
  expires_at: StoredTime
}

/** One failed login, counted against an account's address and against a client (in milliseconds since 1970). */
export type AdminLoginFailuresTable = { subject: string; at: number }

/** One line of the append-only audit log. */
export type AdminAuditTable = {
  id: Generated<number>
  at: StoredTime
  action: string
  account_id: number | null
  /** Who acted: an account's address, or "command line". */
  actor: string
  /** The keyed hash of the address a person's action was about (see addressHash). */
  subject_hash: string | null
  detail: string | null
  /** The client's address, replaced by its keyed hash after 30 days. */
  ip: string | null
  ip_hash: string | null
}
/** The random salt of one day (UTC, `YYYY-MM-DD`) that visitors' hashes are keyed with; deleted two days on (see migration 0007). */
export type VisitSaltsTable = { day: string; salt: string }

/** Page views counted per day, page, language, referrer host and campaign parameters. */
export type VisitViewsTable = {
  day: string
  page: string
  language: string
  referrer: string
  utm_source: string
  utm_medium: string
  utm_campaign: string
  views: number
}

/** The visitors of the day not yet over, one row per visitor and dimension: a keyed hash, never an address. Rolled into counts and deleted when the day ends. */
export type VisitVisitorsTable = { day: string; dimension: string; value: string; visitor: string }

/** The visitors of past days, counted per day and dimension. */
export type VisitVisitorCountsTable = { day: string; dimension: string; value: string; visitors: number }

/** How many times `/get` sent a browser to a store, per day, store, platform, source, medium and campaign (see migration 0010). */
export type StoreClicksTable = {
  day: string
  store: string
  platform: string
  source: string
  medium: string
  campaign: string
  clicks: number
}

/** What one client was counted for in store clicks on a day not yet over: a keyed hash of the client and the day (see migration 0015). */
export type StoreClickClientsTable = { day: string; client: string; clicks: number }

/** A person who signed up through a personal link: whose, and where the referral stands (see ReferralState). */
export type ReferralsTable = {
  referred_id: number
  referrer_id: number
  state: string
  created_at: StoredTime
  decided_at: StoredTime | null
  /** The sign-up's IPv4 /24 or IPv6 /48, as text; null once forgotten (see migration 0018). */
  network: string | null
}

/** Why a referral was not credited: one reason (see ReasonName), its evidence as JSON, and the team's decision once made (see migration 0018). */
export type ReferralReasonsTable = {
  referred_id: number
  reason: string
  evidence: string | null
  found_at: StoredTime
  decision: string | null
  decided_at: StoredTime | null
}

/** A reward tier a person earned, once per person and tier, and where it stands (see RewardState, migration 0018). */
export type RewardsTable = {
  id: Generated<number>
  entry_id: number
  tier: string
  state: string
  earned_at: StoredTime
  platform: string | null
  paid_at: StoredTime | null
  marked_at: StoredTime | null
}

/** A referral that earned a reward. */
export type RewardReferralsTable = { reward_id: number; referred_id: number }

/** A code of a store imported for a tier, given once. */
export type RewardCodesTable = {
  id: Generated<number>
  tier: string
  platform: string
  code: string
  imported_at: StoredTime
  reward_id: number | null
  given_at: StoredTime | null
}

/** The team told that a tier's codes for a store ran out, until codes are imported for it. */
export type RewardAlertsTable = { tier: string; platform: string; alerted_at: StoredTime }

/** A network a referral came from: its prefix (see NetworkPrefix) and the network's keyed hash (see migration 0015). */
export type ReferralNetworksTable = {
  referred_id: number
  prefix: string
  network: string
}

/** One send of an announcement: the wave it was narrowed to (null parts: not narrowed) and the mails it queued (see migration 0011). */
export type AnnouncementWavesTable = {
  id: Generated<number>
  announcement_id: number
  sent_at: StoredTime
  first_places: number | null
  lang: string | null
  platform: string | null
  /** The reward tier whose earners the send went to (see migration 0018). */
  rewarded: string | null
  queued: number
}

/** A confirmed entry's place in line and what it is computed from (see migration 0016 and referrals/line.ts). */
export type LineTable = {
  entry_id: number
  arrival: number
  credited: number
  last_credit: StoredTime | null
  line_key: number
  place: number
}

/** A departure's arrival and place left in the kept line until its gaps are closed, with how many gaps lie at or before each (see migration 0020). */
export type LineGapsTable = { arrival: number; place: number; arrivals_gone: number; places_gone: number }

/** A step of the sequences as the job last read it from its folder: its name and its delay after a confirmation, in ms (see migration 0013). */
export type SequenceStepsTable = { name: string; after_ms: number; seen_at: StoredTime }

/** What was decided for one person and step of the sequences: "queued" (its delivery, in its language) or "skipped" (its reason). */
export type SequenceMailsTable = {
  entry_id: number
  step: string
  state: string
  reason: string | null
  lang: string | null
  delivery_id: number | null
  decided_at: StoredTime
}

export type Database = {
  visit_salts: VisitSaltsTable
  visit_views: VisitViewsTable
  visit_visitors: VisitVisitorsTable
  visit_visitor_counts: VisitVisitorCountsTable
  store_clicks: StoreClicksTable
  waitlist_entries: EntriesTable
  waitlist_messages: MessagesTable
  waitlist_counters: CountersTable
  waitlist_leave_tokens: LeaveTokensTable
  waitlist_outbox: OutboxTable
  waitlist_rate_events: RateEventsTable
  waitlist_secrets: SecretsTable
  waitlist_leavers: LeaversTable
  waitlist_announcements: AnnouncementsTable
  waitlist_announcement_mails: AnnouncementMailsTable
  waitlist_bounces: BouncesTable
  waitlist_suppressions: SuppressionsTable
  waitlist_erasures: ErasuresTable
  waitlist_referrals: ReferralsTable
  waitlist_referral_networks: ReferralNetworksTable
  waitlist_referral_reasons: ReferralReasonsTable
  waitlist_rewards: RewardsTable
  waitlist_reward_referrals: RewardReferralsTable
  waitlist_reward_codes: RewardCodesTable
  waitlist_reward_alerts: RewardAlertsTable
  waitlist_line: LineTable
  waitlist_line_gaps: LineGapsTable
  store_click_clients: StoreClickClientsTable
  waitlist_announcement_waves: AnnouncementWavesTable
  waitlist_sequence_steps: SequenceStepsTable
  waitlist_sequence_mails: SequenceMailsTable
  admin_accounts: AdminAccountsTable
  admin_sessions: AdminSessionsTable
  admin_login_failures: AdminLoginFailuresTable
  admin_audit: AdminAuditTable
}
