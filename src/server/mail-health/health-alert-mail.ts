import { siteFacts } from "../../config/site-facts"
import type { MailMessage } from "../mails/mail-message"
import type { MailSettings } from "../settings"
import type { RecentMail } from "./recent-mail"

const percent = (part: number, whole: number) => `${(Math.round((part / Math.max(whole, 1)) * 1000) / 10).toString()}%`

/**
 * The team's alert that complaints reached 0.1% of the last mails
 * delivered (Gmail's line past which it starts to junk a sender's mail),
 * and, when the sends were paused too, why. Plain text, to the team.
 */
export function healthAlertMail(
  recent: RecentMail,
  paused: string | null,
  settings: Pick<MailSettings, "from" | "notifyTo">,
  messageId: string,
): MailMessage {
  const complaintShare = percent(recent.complaints, recent.delivered)
  return {
    messageId,
    from: settings.from,
    to: settings.notifyTo,
    // Not led by the app's name: a subject that starts with the recipient's domain looks like brand spoofing (SpamAssassin's PDS_BRAND_SUBJ_NAKED_TO).
    subject: `Spam complaints at ${complaintShare} of the last ${recent.delivered} mails ${siteFacts.appName} delivered`,
    text: [
      `${recent.complaints} of the last ${recent.delivered} mails ${siteFacts.appName} delivered to the waitlist were reported as spam: ${complaintShare}.`,
      "",
      "Gmail starts to send a sender's mail to spam past 0.1% and may block it past 0.3%; Yahoo and Outlook.com follow similar lines.",
      paused
        ? `Every announcement being sent is paused: ${paused}`
        : "At 0.3% the server pauses every announcement being sent by itself.",
      `Hard bounces: ${recent.hardBounces} (${percent(recent.hardBounces, recent.delivered + recent.refused)}).`,
      "",
      "By mailbox provider: `npm run waitlist -- stats` on the server, or the admin's dashboard.",
      "This alert goes at most once a day.",
    ].join("\n"),
    headers: { "Auto-Submitted": "auto-generated", "Content-Language": "en" },
  }
}
