/**
 * What the links of the mails do: confirm an address (double opt-in), or
 * leave the waitlist, taking the entry, its messages and its waiting mail
 * with it while its confirmation caps are kept by a keyed hash.
 */
import type { Db, On, Tx } from "../db/db"
import { storedTime, toDate } from "../db/schema"
import { queueDelivery } from "../outbox/outbox-queries"
import type { WebhookSettings } from "../settings"
import { rememberLeaver } from "../entries/leavers"
import { policyColumns, type PolicyVersion } from "../entries/privacy-policy-version"
import { newReferralCode } from "../../waitlist/referral-code"
import { USED_CONFIRMATION_TTL_MS } from "./confirmation-rules"
import { confirmedEvent } from "./webhook-events"
import { placeLink } from "../referrals/place-link"
import { settleReferral } from "../referrals/referral-records"
import { departFromLine, joinLine } from "../referrals/line"
import { dropReminder } from "./reminder-mail"

/** The entry a confirmation link's key belongs to (locked for the rest of the transaction), or undefined. */
function entryOfConfirmation(db: Db, on: On, tokenKey: string) {
  return db
    .forUpdate(
      on
        .selectFrom("waitlist_entries")
        .select(["id", "name", "email", "confirmed_at", "confirm_expires_at"])
        .where("confirm_token_hash", "=", tokenKey),
    )
    .executeTakeFirst()
}

/** Marks an entry confirmed, with the privacy policy in force as it was, gives it its personal code, and has the sequences' job look at it (see migration 0013). */
async function markConfirmed(trx: Tx, entryId: number, now: Date, consent: PolicyVersion | null): Promise<void> {
  const policy = policyColumns(consent)
  await trx
    .updateTable("waitlist_entries")
    .set({
      confirmed_at: storedTime(now),
      confirmed_policy_lang: policy.lang,
      confirmed_policy_date: policy.date,
      confirmed_policy_sha256: policy.sha256,
      referral_code: newReferralCode(),
      sequence_due_at: storedTime(now),
    })
    .where("id", "=", entryId)
    .execute()
}

/** The entry a leave link's key belongs to, with what its departure keeps, or undefined. */
function entryOfLeaveLink(on: On, tokenKey: string) {
  return on
    .selectFrom("waitlist_entries")
    .select(["id", "email_key", "confirm_mails_sent", "last_confirm_mail_at", "confirmed_at"])
    .where("id", "=", (eb) =>
      eb.selectFrom("waitlist_leave_tokens").select("entry_id").where("token_hash", "=", tokenKey),
    )
    .executeTakeFirst()
}

/** Where a confirmation link stands: still to be confirmed, confirmed already (within USED_CONFIRMATION_TTL_MS of it), or expired or unknown. */
export type LinkState = "pending" | "confirmed" | "expired"

/** Where a confirmation link stands, from the row of its entry (none: an unknown link). */
function linkState(
  row: { confirmed_at: string | Date | null; confirm_expires_at: string | Date | null } | undefined,
  now: Date,
): LinkState {
  if (!row) return "expired"
  if (row.confirmed_at !== null)
    return now.getTime() - toDate(row.confirmed_at).getTime() < USED_CONFIRMATION_TTL_MS ? "confirmed" : "expired"
  return row.confirm_expires_at !== null && toDate(row.confirm_expires_at).getTime() > now.getTime()
    ? "pending"
    : "expired"
}

/** Where the confirmation link whose token has this key (see linkTokenKey) stands; reads only. */
export const confirmationState = (db: Db, tokenKey: string, now: Date): Promise<LinkState> =>
  db.read(async (on) => linkState(await entryOfConfirmation(db, on, tokenKey), now))

/**
 * Confirms the address of an unexpired confirmation link, once, with the
 * privacy policy in force, drops its reminder still waiting, and queues the
 * `waitlist.confirmed` event when a webhook is set up, in the same transaction.
 * @returns the link's state afterwards: "confirmed", or "expired" for an expired or unknown link
 */
export function confirmAddress(
  db: Db,
  tokenKey: string,
  now: Date,
  webhook: WebhookSettings | null,
  consent: PolicyVersion | null = null,
): Promise<LinkState> {
  return db.write(async (trx) => {
    const row = await entryOfConfirmation(db, trx, tokenKey)
    const state = linkState(row, now)
    if (state !== "pending" || !row) return state
    await markConfirmed(trx, row.id, now, consent)
    await joinLine(db, trx, row.id)
    await dropReminder(trx, row.id, now)
    await settleReferral(db, trx, row.id, now)
    if (webhook) await queueDelivery(trx, row.id, confirmedEvent(webhook, row, now), now)
    return "confirmed"
  })
}

/**
 * The signed link of the place page of the entry a used confirmation link
 * belongs to, in a language: only while the entry is there and confirmed,
 * within USED_CONFIRMATION_TTL_MS of its confirmation; null otherwise.
 */
export const placeLinkOfConfirmation = (db: Db, tokenKey: string, lang: string, now: Date): Promise<string | null> =>
  db.read(async (on) => {
    const row = await on
      .selectFrom("waitlist_entries")
      .select(["referral_code", "confirmed_at", "confirm_expires_at"])
      .where("confirm_token_hash", "=", tokenKey)
      .executeTakeFirst()
    return row?.referral_code && linkState(row, now) === "confirmed" ? placeLink(db, row.referral_code, lang) : null
  })

/** Whether a leave (unsubscribe) link's token belongs to an entry; reads only. */
export const canLeave = (db: Db, tokenKey: string): Promise<boolean> =>
  db.read(
    async (on) =>
      (await on
        .selectFrom("waitlist_leave_tokens")
        .select("entry_id")
        .where("token_hash", "=", tokenKey)
        .executeTakeFirst()) !== undefined,
  )

/** Removes the entry a leave link's token belongs to, with its messages and its waiting mail; false when there is none. */
export function leaveByLink(db: Db, tokenKey: string, now = new Date()): Promise<boolean> {
  return db.write(async (trx) => {
    const leaver = await entryOfLeaveLink(trx, tokenKey)
    if (!leaver) return false
    await rememberLeaver(db, trx, leaver, now)
    await departFromLine(db, trx, leaver.id)
    const removed = await trx.deleteFrom("waitlist_entries").where("id", "=", leaver.id).executeTakeFirst()
    return Number(removed.numDeletedRows) > 0
  })
}
