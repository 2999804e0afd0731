/**
 * A sign-up, in one transaction: the rate limit's count, the entry and its
 * message, and the mail and webhook events it calls for in the outbox, so
 * that a crash never keeps an entry and loses its mail, or the other way
 * round. A bot's entry (a filled honeypot) takes the same path inside a
 * savepoint that is rolled back, so it answers alike and as fast.
 */
import { sql } from "kysely"
import { emailKey, storedEmail } from "../addresses/email-identity"
import { isSuppressed } from "../bounces/suppressions"
import { StoreUnavailableError, type Db, type Tx } from "../db/db"
import { toDateOrNull } from "../db/schema"
import { queueDeliveries, type QueuedDelivery } from "../outbox/outbox-queries"
import { referNewEntry, type CameThrough } from "../referrals/referral-records"
import { entryAttribution } from "../../waitlist/entry-attribution"
import { folded } from "../../waitlist/folded-text"
import {
  MESSAGE_DAY_MS,
  MESSAGES_PER_DAY,
  mayGetConfirmation,
  type ConfirmationPlan,
  type DeliveryPlan,
} from "./confirmation-rules"
import {
  countDiscarded,
  inheritCaps,
  messageTimeAt,
  restoreUpdatedAt,
  startConfirmation,
  writeEntry,
  writeMessage,
} from "./sign-up-queries"
import { addLeaveTokens } from "../entries/leave-tokens"
import { takeBackLeaver } from "../entries/leavers"
import type { PolicyVersion } from "../entries/privacy-policy-version"
import { countSubmission, type RateLimit } from "../rate-limits/client-rate-limit"
import { dropReminder, REMINDER_AFTER_MS } from "./reminder-mail"
import { teamMailDue } from "./team-mail"

/** A sign-up on its way into the waitlist. */
export type NewWaitlistEntry = { name: string; email: string; message: string; metadata: Record<string, unknown> }

/** A submission with everything decided in the same transaction. */
export type Submission = {
  entry: NewWaitlistEntry
  /** A bot's entry (a filled honeypot): taken down the same path, then thrown away and counted. */
  discard: boolean
  /** Null when the limit is off. */
  rateLimit: RateLimit | null
  /** The mails and webhook events this submission calls for, given the entry's state (see planSubmission). */
  plan: DeliveryPlan
  now: Date
  /** The privacy policy in force as the person sent it, kept with the message (see privacyPolicyInForce). */
  consent?: PolicyVersion | null
  /** The personal link the person came through, if any (see referNewEntry). */
  cameThrough?: CameThrough | null
}

/**
 * What a taken submission did to the list: made a new entry, added a
 * message to a known one, was thrown away as a repeat past the address's
 * messages of a day, or as a bot's (a filled honeypot).
 */
export type TakenAs = "new" | "repeat" | "repeat_discarded" | "bot"

/** What became of a submission: taken (and its deliveries queued), or refused by the rate limit. */
export type SubmissionOutcome = { accepted: true; takenAs: TakenAs } | { accepted: false; retryAfterSeconds: number }

/**
 * The entry a submission wrote: its id, its address's keyed hash, whether
 * it is new, whether it may get this sign-up's confirmation and whether
 * that would be the address's first link ever (which alone is reminded),
 * and the message's id (null: not kept).
 */
type Written = {
  id: number
  hash: string
  isNew: boolean
  mayConfirm: boolean
  firstLink: boolean
  messageId: number | null
}

/**
 * Takes a submission: the rate limit's count, the entry and its message,
 * and the deliveries of its plan (the confirmation mail only when the entry
 * may get one: see mayGetConfirmation).
 * @throws StoreUnavailableError, also when SQLite's disk is under its floor
 */
export async function submitSignup(db: Db, submission: Submission): Promise<SubmissionOutcome> {
  const full = db.roomToWrite()
  if (full) throw new StoreUnavailableError(`the ${db.label} waitlist takes no new sign-up: ${full}`)
  return db.write(async (trx) => {
    const { entry, discard, rateLimit, plan, now, consent = null, cameThrough = null } = submission
    const retryAfterSeconds = await countSubmission(db, trx, rateLimit, now)
    if (retryAfterSeconds !== null) return { accepted: false, retryAfterSeconds }
    if (discard) {
      // A bot's entry leaves nothing but a count.
      await sql`SAVEPOINT discarded`.execute(trx)
      await writeSubmission(db, trx, entry, now, null, consent)
      await sql`ROLLBACK TO SAVEPOINT discarded`.execute(trx)
      await sql`RELEASE SAVEPOINT discarded`.execute(trx)
      await countDiscarded(trx, "bots_discarded")
      return { accepted: true, takenAs: "bot" }
    }
    const written = await writeSubmission(db, trx, entry, now, plan.confirmation, consent)
    if (written.messageId === null) {
      await countDiscarded(trx, "repeats_discarded")
      return { accepted: true, takenAs: "repeat_discarded" }
    }
    if (cameThrough && written.isNew)
      await referNewEntry(db, trx, { id: written.id, email: entry.email }, cameThrough, now)
    await queuePlan(db, trx, written, plan, now)
    return { accepted: true, takenAs: written.isNew ? "new" : "repeat" }
  })
}

/**
 * Writes the entry and its message. A new entry is written with the
 * confirmation of `confirmation` already started (a new address may always
 * get one, unless it left before with its caps spent); a known one is left
 * as it was. The message of an address that left MESSAGES_PER_DAY in the
 * last day is not kept.
 */
async function writeSubmission(
  db: Db,
  trx: Tx,
  { name, email, message, metadata }: NewWaitlistEntry,
  now: Date,
  confirmation: ConfirmationPlan | null,
  consent: PolicyVersion | null,
): Promise<Written> {
  const key = emailKey(email)
  const from = entryAttribution(metadata)
  const row = await writeEntry(
    trx,
    { name, email: storedEmail(email), key, nameKey: folded(name), ...from },
    now,
    confirmation,
  )
  const hash = db.keyedHash(key)
  const { mayConfirm, firstLink } = row.isNew
    ? await inheritLeaversCaps(trx, row.id, hash, now, confirmation)
    : {
        mayConfirm: mayGetConfirmation(
          {
            confirmedAt: toDateOrNull(row.confirmed_at),
            mailsSent: row.confirm_mails_sent,
            lastMailAt: toDateOrNull(row.last_confirm_mail_at),
          },
          now,
        ),
        firstLink: row.confirm_mails_sent === 0,
      }
  const written = { id: row.id, hash, isNew: row.isNew, mayConfirm, firstLink }
  if (!row.isNew) {
    const capped = await messageTimeAt(trx, row.id, MESSAGES_PER_DAY - 1)
    if (capped && capped.getTime() > now.getTime() - MESSAGE_DAY_MS) {
      // The message is not kept, so the entry has not changed either.
      await restoreUpdatedAt(trx, row.id)
      return { ...written, messageId: null }
    }
  }
  return { ...written, messageId: await writeMessage(trx, row.id, { name, message, metadata }, now, consent) }
}

/**
 * Gives a new entry of someone who left the caps their address had, so
 * that leaving never buys another confirmation mail (nor another
 * reminder). Returns whether the entry may get this sign-up's
 * confirmation, and whether it would be the address's first link.
 */
async function inheritLeaversCaps(
  trx: Tx,
  entryId: number,
  hash: string,
  now: Date,
  confirmation: ConfirmationPlan | null,
): Promise<{ mayConfirm: boolean; firstLink: boolean }> {
  const left = await takeBackLeaver(trx, hash)
  if (!left) return { mayConfirm: true, firstLink: true }
  const allowed = confirmation !== null && mayGetConfirmation({ confirmedAt: null, ...left }, now)
  await inheritCaps(
    trx,
    entryId,
    allowed ? { mailsSent: left.mailsSent + 1, lastMailAt: now } : left,
    allowed ? confirmation : null,
  )
  return { mayConfirm: allowed, firstLink: left.mailsSent === 0 }
}

/**
 * Queues the deliveries of a plan, in one statement; the confirmation mail
 * only when the entry may get one and its address is not suppressed, with
 * its reminder, due a day later, when it is the address's first link. A
 * newer link drops the reminder of an older one still waiting.
 */
async function queuePlan(db: Db, trx: Tx, written: Written, plan: DeliveryPlan, now: Date) {
  const { id: entryId, messageId } = written
  const deliveries: QueuedDelivery[] = []
  if (plan.notify) {
    const due = written.isNew ? now : await teamMailDue(trx, entryId, now)
    if (due) deliveries.push({ entryId, delivery: plan.notify, messageId, due })
  }
  if (plan.webhook) deliveries.push({ entryId, delivery: plan.webhook, messageId })
  const { confirmation } = plan
  // A suppressed address gets no mail of any kind; the team still hears of its message.
  if (confirmation && written.mayConfirm && !(await isSuppressed(trx, written.hash))) {
    if (!written.isNew) {
      await startConfirmation(trx, entryId, confirmation, now)
      await dropReminder(trx, entryId, now)
    }
    await addLeaveTokens(trx, [{ entryId, key: confirmation.leaveTokenKey }])
    deliveries.push({ entryId, delivery: confirmation.mail })
    if (confirmation.reminder && written.firstLink)
      deliveries.push({ entryId, delivery: confirmation.reminder, due: new Date(now.getTime() + REMINDER_AFTER_MS) })
  }
  await queueDeliveries(trx, deliveries, now)
}
