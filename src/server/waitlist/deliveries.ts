/** What a delivery of the outbox carries: a mail to the team, a confirmation mail or an announcement to a visitor, or a webhook event. */
export type DeliveryKind = "notify" | "confirm" | "announcement" | "webhook"

/**
 * The lanes deliveries are made in, each with slots of its own, so a slow
 * webhook receiver never holds a mail back, nor a slow SMTP server an event,
 * and an announcement's thousands of mails (`bulk`) never stand before a
 * confirmation or the team's mail.
 */
export type DeliveryLane = "mail" | "webhook" | "bulk"

/** The kinds of delivery each lane makes. */
export const KINDS_OF_LANE: Record<DeliveryLane, readonly DeliveryKind[]> = { mail: ["notify", "confirm"], webhook: ["webhook"], bulk: ["announcement"] }

/** The lane a kind of delivery is made in. */
export const laneOf = (kind: DeliveryKind): DeliveryLane => (kind === "webhook" ? "webhook" : kind === "announcement" ? "bulk" : "mail")

/** The kinds of delivery that mail a visitor's address, which a bounce or a complaint can suppress. */
export const VISITOR_MAIL_KINDS: readonly DeliveryKind[] = ["confirm", "announcement"]

/** Where a delivery stands: waiting (for its first try or a retry), held while its announcement is paused, delivered, or given up. */
export type DeliveryStatus = "pending" | "paused" | "sent" | "failed"

/** What a bounce says of an address: it does not exist (hard), it could not take the mail this time (soft), or its owner reported the mail as spam. */
export type BounceKind = "hard" | "soft" | "complaint"

/** A delivery as the store hands it to the worker and the CLI. */
export type Delivery = {
  id: number
  kind: DeliveryKind
  /** The address mailed, or the webhook's URL. */
  recipient: string
  /** The mail (see MailMessage) or the webhook event, as JSON; emptied once sent, so no link's token outlives it. */
  payload: string
  status: DeliveryStatus
  /** Tries so far, the one under way included. */
  attempts: number
  nextAttemptAt: Date
  lastError: string | null
  createdAt: Date
  /**
   * The submissions a team mail tells of, oldest first, read from the
   * stored messages when it is claimed: its own (see NewDelivery's
   * `ofMessage`) and those the same address left after it, until the next
   * team mail's (see TEAM_MAIL_INTERVAL_MS). Empty for the other
   * deliveries, and in lists.
   */
  messages: DeliveryMessage[]
  /** The text of an announcement's mail in the delivery's language, read from the store when it is claimed. */
  announcement?: AnnouncementVersion
  /** The signed tag of this delivery (see delivery-tags.ts), which its bounce address and header carry; set when it is claimed. */
  tag?: string
}

/** One language's version of an announcement, as it was when it was first sent. */
export type AnnouncementVersion = { slug: string; lang: string; subject: string; preheader: string; body: string }

/**
 * The team gets at most one mail per address in this time: a message left
 * while the address's last team mail is still waiting is gathered into it,
 * and one left within this time after that mail went is told of by a mail
 * sent when the time is up, with any others left meanwhile.
 */
export const TEAM_MAIL_INTERVAL_MS = 60 * 60 * 1000

/** The most messages one team mail tells of (an address keeps 10 a day at most). */
export const MAX_GATHERED_MESSAGES = 20

/** What a visitor wrote in one submission, as a delivery telling of it reads it from the store. */
export type DeliveryMessage = { name: string; message: string; metadata: Record<string, unknown> }

/**
 * A delivery on its way into the outbox, with the entry it is about. One
 * with `ofMessage` tells of the submission that queues it (the team's
 * mail): the store links it to the message it writes in the same
 * transaction and hands that message back with it, so the payload need not
 * carry a second copy of what the visitor wrote.
 */
export type NewDelivery = { kind: DeliveryKind; recipient: string; payload: string; ofMessage?: boolean }

/** The outcome of a failed try: tried again at `nextAttemptAt`, or given up for good when that is null; `bounce` when the receiving server refused the address (see classifySmtpRefusal). */
export type DeliveryFailure = { error: string; nextAttemptAt: Date | null; now: Date; bounce?: BounceKind }

/** How long the outbox keeps trying a delivery before giving up. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000

/** The longest wait between two tries. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000

/** The wait before the first retry; each next one doubles it, up to MAX_RETRY_DELAY_MS. */
export const FIRST_RETRY_DELAY_MS = 15_000

/**
 * When to try a failed delivery again: after `base` (15 s) the first time,
 * doubling each time up to an hour; never, when the failure is permanent
 * (an SMTP 5xx, a webhook's 4xx) or the delivery has been failing for
 * 24 hours.
 */
export function nextAttempt(delivery: Pick<Delivery, "attempts" | "createdAt">, now: Date, permanent: boolean, base = FIRST_RETRY_DELAY_MS): Date | null {
  if (permanent) return null
  const delay = Math.min(MAX_RETRY_DELAY_MS, base * 2 ** Math.min(30, Math.max(0, delivery.attempts - 1)))
  const next = new Date(now.getTime() + delay)
  return next.getTime() - delivery.createdAt.getTime() > GIVE_UP_AFTER_MS ? null : next
}
