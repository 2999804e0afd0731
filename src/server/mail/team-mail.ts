import { siteFacts } from "../../config/site-facts"
import { isSingleAddress } from "../../waitlist/contact-rules"
import type { DeliveryMessage } from "../waitlist/deliveries"
import type { MailSettings } from "../settings"
import { oneLine, type MailMessage } from "./mail-message"

/** The metadata the team reads beside a message, in order, by the label they see. */
const USEFUL_METADATA: [label: string, field: string][] = [
  ["Page language", "locale"],
  ["Browser language", "language"],
  ["Time zone", "timezone"],
  ["Referrer", "referrer"],
  ["Previous page", "previousPage"],
]

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null)

/** The metadata lines of the team's mail: the useful fields present, then each utm parameter. */
function metadataLines(metadata: Record<string, unknown>): string[] {
  const lines = USEFUL_METADATA.flatMap(([label, field]) => {
    const value = text(metadata[field])
    return value === null ? [] : [`${label}: ${oneLine(value, 300)}`]
  })
  const utm = metadata.utm
  if (utm !== null && typeof utm === "object") {
    for (const [key, value] of Object.entries(utm)) lines.push(`utm ${oneLine(key, 40)}: ${oneLine(String(value), 200)}`)
  }
  return lines
}

/**
 * The subject of the team's mail: the name a visitor gave, quoted as what
 * they typed. The quotes are outside ASCII, so nodemailer writes the whole
 * subject as one encoded word, which a mail client decodes once: an encoded
 * word inside the name (`=?UTF-8?B?…?=`) stays the text it was typed as.
 */
export const teamMailSubject = (name: string) => `Waitlist: a visitor's message, name given “${oneLine(name)}”`

/** One submission in the team's mail: the name given, the message, and its useful metadata. */
const submissionLines = ({ name, message, metadata }: DeliveryMessage): string[] => [
  `Name given: ${name}`,
  "",
  message === "" ? "(no message)" : message,
  "",
  "—",
  ...metadataLines(metadata),
]

/**
 * The mail that tells the team of accepted submissions of one address (one,
 * or those gathered within TEAM_MAIL_INTERVAL_MS, oldest first): the
 * address and, for each, the name given, the message and the useful
 * metadata, and Reply-To set to that one address, so answering it in any
 * mail client answers them. Nothing the visitor wrote is a sender or a
 * display name: the mail is from the site, to the team, and the reply goes
 * to a bare address. Plain text only: nothing they wrote is markup.
 */
export function teamMail(email: string, submissions: DeliveryMessage[], settings: MailSettings, messageId: string): MailMessage {
  // An entry kept before the rules took one address only gets no reply address to follow.
  const replyable = isSingleAddress(email)
  const count = submissions.length
  const lines = [
    count === 1 ? `A visitor wrote through the contact form of ${siteFacts.appName}.` : `A visitor wrote ${count} messages through the contact form of ${siteFacts.appName} within the hour.`,
    "",
    `Address given: ${email}${replyable ? "" : " (not one address: this mail has no reply address)"}`,
    "",
    ...submissions.flatMap((submission, i) => [...(count === 1 ? [] : [`Message ${i + 1} of ${count}`]), ...submissionLines(submission), ""]),
    replyable ? "Replying to this mail answers the address given." : "Do not reply to the address given.",
  ]
  const name = submissions[count - 1]?.name ?? ""
  return {
    messageId,
    from: settings.from,
    to: settings.notifyTo,
    ...(replyable ? { replyTo: { name: "", address: email } } : {}),
    subject: teamMailSubject(name),
    text: lines.join("\n"),
    headers: { "Auto-Submitted": "auto-generated" },
  }
}
