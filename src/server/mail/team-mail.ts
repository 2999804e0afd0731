import { siteFacts } from "../../config/site-facts"
import type { NewWaitlistEntry } from "../waitlist/waitlist-store"
import type { MailSettings } from "./mail-settings"
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
 * The mail that tells the team of an accepted submission: the visitor's
 * name in the subject, their message and the useful metadata in the body,
 * and Reply-To set to the visitor, so answering it in any mail client
 * answers them. Plain text only: nothing the visitor wrote is ever markup.
 */
export function teamMail({ name, email, message, metadata }: NewWaitlistEntry, settings: MailSettings, messageId: string): MailMessage {
  const lines = [
    `${name} <${email}> wrote through the contact form of ${siteFacts.appName}:`,
    "",
    message === "" ? "(no message)" : message,
    "",
    "—",
    ...metadataLines(metadata),
    "",
    "Reply to this mail to answer them.",
  ]
  return {
    messageId,
    from: settings.from,
    to: settings.notifyTo,
    replyTo: { name: oneLine(name), address: email },
    subject: `Waitlist: a message from ${oneLine(name)}`,
    text: lines.join("\n"),
    headers: { "Auto-Submitted": "auto-generated" },
  }
}
