/**
 * The one reminder of an address that has not confirmed (CONFIRMATION_REMINDER,
 * off by default: see docs/operating.md). A sign-up that mails an address its
 * first confirmation link queues the reminder with it, due a day later and
 * carrying the same link, so the first mail's button keeps working. It is
 * dropped when the address is confirmed or a newer sign-up mails a new link
 * (see dropReminder), and checked once more when it is sent: an address gets
 * one reminder at most, ever, and none while reminders are off.
 */
import { visitorMailSettled, visitorMailSuppressed } from "../bounces/suppressions"
import type { Db, Tx } from "../db/db"
import { toDate } from "../db/schema"
import { linkTokenKey } from "../entries/link-tokens"
import { confirmationLinks } from "../entries/mail-links"
import type { DeliveryKindHandler } from "../outbox/deliveries"
import { dropWaitingDeliveries } from "../outbox/outbox-queries"
import type { MailSettings } from "../settings"
import { confirmationMail, type ConfirmationDraft } from "./confirmation-mail"

/** How long after a sign-up its reminder is due. */
export const REMINDER_AFTER_MS = 24 * 60 * 60 * 1000

/** What the outbox keeps of a reminder: the confirmation mail's draft, the same links. */
export type ReminderDraft = Omit<ConfirmationDraft, "kind"> & { kind: "reminder" }

/** Why a reminder is not sent after all, as the outbox keeps it. */
export const REMINDERS_OFF = "not sent: CONFIRMATION_REMINDER is off"
export const NO_LONGER_NEEDED =
  "not sent: the address was confirmed, or its link replaced or expired, since it was queued"

/** Drops the entry's reminder still waiting (none under way): its address was confirmed, or mailed a newer link. */
export const dropReminder = (trx: Tx, entryId: number, now: Date): Promise<number> =>
  dropWaitingDeliveries(trx, entryId, ["reminder"], now)

/** Whether the entry still waits for the confirmation of this reminder's link, unexpired. */
async function stillUnconfirmed(trx: Tx, entryId: number, confirmToken: string, now: Date): Promise<boolean> {
  const entry = await trx
    .selectFrom("waitlist_entries")
    .select(["confirmed_at", "confirm_token_hash", "confirm_expires_at"])
    .where("id", "=", entryId)
    .executeTakeFirst()
  return (
    entry !== undefined &&
    entry.confirmed_at === null &&
    entry.confirm_token_hash === linkTokenKey(confirmToken) &&
    entry.confirm_expires_at !== null &&
    toDate(entry.confirm_expires_at).getTime() > now.getTime()
  )
}

/** The outbox's handling of reminders: sent only while reminders are on, the address unsuppressed and its link still the one to confirm. */
export function reminderMailKind(db: Db, settings: MailSettings): DeliveryKindHandler {
  return {
    async load(trx, delivery, now) {
      if (!settings.confirmationReminder) return { giveUp: REMINDERS_OFF }
      const suppressed = await visitorMailSuppressed(db, trx, delivery)
      if (suppressed) return { giveUp: suppressed }
      const draft = JSON.parse(delivery.payload) as ReminderDraft
      if (!(await stillUnconfirmed(trx, delivery.entryId, draft.confirmToken, now))) return { giveUp: NO_LONGER_NEEDED }
      return {
        write: () => ({
          mail: confirmationMail(
            { name: draft.name, email: delivery.recipient, lang: draft.lang },
            confirmationLinks(settings.siteUrl, draft, draft.lang),
            settings,
            draft.messageId,
            { reminder: true },
          ),
        }),
      }
    },
    settled: (trx, delivery, outcome, now) => visitorMailSettled(db, trx, delivery, outcome, now),
  }
}
