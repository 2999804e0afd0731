import { newMessageId } from "../mails/message-id"
import type { MailSettings } from "../settings"
import type { ConfirmationDraft } from "./confirmation-mail"
import { CONFIRMATION_TTL_MS, type DeliveryPlan } from "./confirmation-rules"
import { linkTokenKey, newLinkToken } from "../entries/link-tokens"
import { submissionLanguage } from "../entries/submission-language"
import type { ReminderDraft } from "./reminder-mail"
import type { NewWaitlistEntry } from "./sign-up"
import type { TeamMailDraft } from "./team-mail"
import { submittedEvent } from "./webhook-events"

/** A mail's draft as the outbox stores it. */
const draft = (mail: TeamMailDraft | ConfirmationDraft | ReminderDraft) => JSON.stringify(mail)

/**
 * What an accepted submission calls for: the team's mail, the webhook event
 * when one is set, and a confirmation with two new links (with its reminder
 * when reminders are on). The tokens live only in the mails' drafts; the
 * entry keeps their keys.
 */
export function planSubmission(entry: NewWaitlistEntry, mail: MailSettings, now: Date): DeliveryPlan {
  const confirmToken = newLinkToken()
  const leaveToken = newLinkToken()
  const lang = submissionLanguage(entry.metadata)
  const shared = { name: entry.name, lang, confirmToken, leaveToken }
  return {
    notify: {
      kind: "notify",
      recipient: mail.notifyTo.address,
      ofMessage: true,
      payload: draft({ kind: "team", messageId: newMessageId(mail.siteUrl), email: entry.email }),
    },
    webhook: mail.webhook ? submittedEvent(mail.webhook, entry, now) : null,
    confirmation: {
      mail: {
        kind: "confirm",
        recipient: entry.email,
        payload: draft({ kind: "confirmation", messageId: newMessageId(mail.siteUrl), ...shared }),
      },
      reminder: mail.confirmationReminder
        ? {
            kind: "reminder",
            recipient: entry.email,
            payload: draft({ kind: "reminder", messageId: newMessageId(mail.siteUrl), ...shared }),
          }
        : null,
      tokenKey: linkTokenKey(confirmToken),
      leaveTokenKey: linkTokenKey(leaveToken),
      expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
    },
  }
}
