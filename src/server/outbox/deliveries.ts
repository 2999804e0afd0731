/**
 * What the outbox delivers: a row per mail or webhook event, written in the
 * transaction of what it tells of, and the rules of its retries. Each kind
 * of delivery belongs to the feature that queues it, which tells the
 * outbox how to write it and what to record of its outcome (see
 * DeliveryKindHandler); the outbox knows nothing of what a mail says.
 */
import type { Tx } from "../db/db"
import type { MailMessage } from "../mails/mail-message"

/**
 * What a delivery of the outbox carries: a mail to the team (a submission,
 * or an alert that a reward's codes ran out); to a visitor a confirmation
 * mail, its one reminder, a reward, an announcement or a step of the
 * sequences; or a webhook event.
 */
export type DeliveryKind =
  "notify" | "confirm" | "reminder" | "reward" | "reward-alert" | "announcement" | "sequence" | "webhook"

/**
 * The lanes deliveries are made in, each with slots of its own, so a slow
 * webhook receiver never holds a mail back, nor a slow SMTP server an event,
 * and an announcement's thousands of mails (`bulk`) never stand before a
 * confirmation or the team's mail.
 */
export type DeliveryLane = "mail" | "webhook" | "bulk"

/** The kinds of delivery each lane makes. */
export const KINDS_OF_LANE: Record<DeliveryLane, readonly DeliveryKind[]> = {
  mail: ["notify", "confirm", "reminder", "reward", "reward-alert"],
  webhook: ["webhook"],
  bulk: ["announcement", "sequence"],
}

/** The lanes, in the order the worker fills them: confirmations and the team's mail get the mail rate's starts before announcements. */
export const LANES = Object.keys(KINDS_OF_LANE) as DeliveryLane[]

/** The lane a kind of delivery is made in. */
export const laneOf = (kind: DeliveryKind): DeliveryLane =>
  LANES.find((lane) => KINDS_OF_LANE[lane].includes(kind)) ?? "mail"

/** The kinds of delivery that mail a visitor's address, which a bounce or a complaint can suppress. */
export const VISITOR_MAIL_KINDS: readonly DeliveryKind[] = ["confirm", "reminder", "reward", "announcement", "sequence"]

/** Where a delivery stands: waiting (for its first try or a retry), held while its announcement is paused, delivered, or given up. */
export type DeliveryStatus = "pending" | "paused" | "sent" | "failed"

/** What a bounce says of an address: it does not exist (hard), it could not take the mail this time (soft), or its owner reported the mail as spam. */
export type BounceKind = "hard" | "soft" | "complaint"

/** A delivery as the outbox's queries read it. */
export type Delivery = {
  id: number
  /** The entry it is about. */
  entryId: number
  kind: DeliveryKind
  /** The address mailed, or the webhook's URL. */
  recipient: string
  /** What its kind writes it from (a mail's draft, a webhook event), as JSON; emptied once sent, so no link's token outlives it. */
  payload: string
  status: DeliveryStatus
  /** Tries so far, the one under way included. */
  attempts: number
  nextAttemptAt: Date
  lastError: string | null
  createdAt: Date
  sentAt: Date | null
  /** The message of its entry it tells of (the team's mail); null for the others. */
  messageId: number | null
}

/**
 * A delivery on its way into the outbox. One with `ofMessage` tells of
 * the submission that queues it (the team's mail): the outbox links it to
 * the message written in the same transaction, so the payload need not
 * carry a second copy of what the visitor wrote.
 */
export type NewDelivery = { kind: DeliveryKind; recipient: string; payload: string; ofMessage?: boolean }

/** A webhook event as it is posted: its receiver and its JSON body. */
export type WebhookRequest = { url: string; body: string }

/** What a claimed delivery is sent as. */
export type Outgoing = { mail: MailMessage } | { webhook: WebhookRequest }

/** What became of a try, as its kind hears it in the transaction that records it. */
export type Settled = {
  /** Sent; to be tried again; failed for good (refused, past its time, or given up before a try). */
  status: "sent" | "retry" | "failed"
  /** Whether a try was made and failed (false for a delivery given up before its try). */
  tryFailed: boolean
  /** The receiving server refused the address (see classifySmtpRefusal). */
  bounce?: BounceKind
  /** Why it failed, as the outbox keeps it. */
  error?: string
}

/**
 * How the outbox handles one kind of delivery, given by the feature that
 * queues it: `load` reads, in the transaction that claims the delivery,
 * what it is written from and returns how to write it (or why it is given
 * up without a try: an address suppressed since it was queued); `settled`
 * records what became of it, in the transaction that records its outcome.
 */
export type DeliveryKindHandler = {
  load(trx: Tx, delivery: Delivery, now: Date): Promise<{ write: () => Outgoing } | { giveUp: string }>
  settled?(trx: Tx, delivery: Delivery, outcome: Settled, now: Date): Promise<void>
}

/** Every kind's handler: what the outbox's worker is given. */
export type DeliveryKinds = Record<DeliveryKind, DeliveryKindHandler>

/** How long the outbox keeps trying a delivery before giving up. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000

/** The longest wait between two tries. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000

/**
 * When to try a failed delivery again: after `base` the first time,
 * doubling each time up to an hour; never, when the failure is permanent
 * (an SMTP 5xx, a webhook's 4xx) or the delivery has been failing for
 * 24 hours.
 */
export function nextAttempt(
  delivery: Pick<Delivery, "attempts" | "createdAt">,
  now: Date,
  permanent: boolean,
  base: number,
): Date | null {
  if (permanent) return null
  const delay = Math.min(MAX_RETRY_DELAY_MS, base * 2 ** Math.min(30, Math.max(0, delivery.attempts - 1)))
  const next = new Date(now.getTime() + delay)
  return next.getTime() - delivery.createdAt.getTime() > GIVE_UP_AFTER_MS ? null : next
}
