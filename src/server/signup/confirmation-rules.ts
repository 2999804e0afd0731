import type { NewDelivery } from "../outbox/deliveries"

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** How long a used confirmation link still leads to its place page, from when it confirmed the address; expired after. */
export const USED_CONFIRMATION_TTL_MS = 30 * 24 * 60 * 60 * 1000

/** The least time between two confirmation mails to one address. */
export const CONFIRMATION_INTERVAL_MS = 24 * 60 * 60 * 1000

/** The most confirmation mails one address ever gets. */
export const MAX_CONFIRMATION_MAILS = 3

/**
 * The most messages one address may leave in 24 hours: past it, a sign-up
 * gets the same 201, and its message is counted and thrown away, with no
 * mail, so that repeating one address fills neither the disk nor the
 * team's inbox.
 */
export const MESSAGES_PER_DAY = 10
export const MESSAGE_DAY_MS = 24 * 60 * 60 * 1000

/**
 * The confirmation mail a submission would send, with the keys of its two
 * links' tokens (see linkTokenKey), and its reminder with the same links
 * when reminders are on (queued only with an address's first link: see reminder-mail.ts).
 */
export type ConfirmationPlan = {
  mail: NewDelivery
  tokenKey: string
  leaveTokenKey: string
  expiresAt: Date
  reminder?: NewDelivery | null
}

/**
 * What a submission calls for, written in the transaction of its entry: the
 * mail to the team and the webhook event always (when configured), the
 * confirmation mail only when the entry may get one (see mayGetConfirmation).
 */
export type DeliveryPlan = {
  notify: NewDelivery | null
  webhook: NewDelivery | null
  confirmation: ConfirmationPlan | null
}

/** A plan that sends nothing. */
export const NOTHING_TO_DELIVER: DeliveryPlan = { notify: null, webhook: null, confirmation: null }

/** What the store knows of an entry's confirmation mails. */
export type ConfirmationRecord = { confirmedAt: Date | null; mailsSent: number; lastMailAt: Date | null }

/**
 * Whether an entry may be sent a confirmation mail now: never once it is
 * confirmed, at most MAX_CONFIRMATION_MAILS ever and at most one in any
 * CONFIRMATION_INTERVAL_MS, so a stranger submitting someone's address
 * again and again cannot bomb their inbox.
 */
export function mayGetConfirmation({ confirmedAt, mailsSent, lastMailAt }: ConfirmationRecord, now: Date): boolean {
  if (confirmedAt !== null || mailsSent >= MAX_CONFIRMATION_MAILS) return false
  return lastMailAt === null || now.getTime() - lastMailAt.getTime() >= CONFIRMATION_INTERVAL_MS
}
