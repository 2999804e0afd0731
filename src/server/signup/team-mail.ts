/**
 * The team's mail: each accepted submission of an address told to the team
 * (WAITLIST_NOTIFY_TO) within a minute, each in a mail of its own unless
 * a burst would pass TEAM_MAILS_PER_MINUTE, with its message read from the
 * store when the mail is sent.
 */
import { siteFacts } from "../../config/site-facts"
import { isSingleAddress } from "../../waitlist/contact-rules"
import type { Tx } from "../db/db"
import { storedTime } from "../db/schema"
import { oneLine, type MailMessage } from "../mails/mail-message"
import type { DeliveryKindHandler } from "../outbox/deliveries"
import type { MailSettings } from "../settings"

/** What the outbox keeps of a team mail: its Message-ID and the address it tells of (its messages are read when it is sent). */
export type TeamMailDraft = { kind: "team"; messageId: string; email: string }

/** What a visitor wrote in one submission, as the team's mail tells of it. */
export type DeliveryMessage = { name: string; message: string; metadata: Record<string, unknown> }

/** Every message reaches the team within this time: a mail of its own goes at once, a gathering mail at most this long after it began. */
export const TEAM_MAIL_WITHIN_MS = 60_000

/**
 * The most team mails of one address queued within TEAM_MAIL_WITHIN_MS
 * that each tell of one message: a message past them joins a gathering
 * mail instead (the daily cap of 10 messages an address bounds the rest).
 */
export const TEAM_MAILS_PER_MINUTE = 3

/** The most messages one team mail tells of (an address keeps 10 a day at most). */
export const MAX_GATHERED_MESSAGES = 20

/** The metadata the team reads beside a message, in order, by the label they see. */
const USEFUL_METADATA: [label: string, field: string][] = [
  ["Page language", "locale"],
  ["Browser language", "language"],
  ["Time zone", "timezone"],
  ["Referrer", "referrer"],
  ["Previous page", "previousPage"],
]

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null)

/** The label of a parameter of the page's address: a campaign's (`utm_source`) names itself; any other is said to be one. */
const parameterLabel = (key: string) =>
  key.startsWith("utm_") ? oneLine(key, 40) : `Query parameter ${oneLine(key, 40)}`

/** The metadata lines of the team's mail: the useful fields present, then each parameter of the page's address. */
function metadataLines(metadata: Record<string, unknown>): string[] {
  const lines = USEFUL_METADATA.flatMap(([label, field]) => {
    const value = text(metadata[field])
    return value === null ? [] : [`${label}: ${oneLine(value, 300)}`]
  })
  const utm = metadata.utm
  if (utm !== null && typeof utm === "object") {
    for (const [key, value] of Object.entries(utm)) lines.push(`${parameterLabel(key)}: ${oneLine(String(value), 200)}`)
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
 * The team's mail of an address's accepted submissions (one, or a burst's),
 * plain text, its Reply-To the bare address: nothing the visitor wrote
 * becomes a sender, a display name or markup.
 */
export function teamMail(
  email: string,
  submissions: DeliveryMessage[],
  settings: MailSettings,
  messageId: string,
): MailMessage {
  // An entry kept before the rules took one address only gets no reply address to follow.
  const replyable = isSingleAddress(email)
  const count = submissions.length
  const lines = [
    count === 1
      ? `A visitor wrote through the contact form of ${siteFacts.appName}.`
      : `A visitor wrote ${count} messages through the contact form of ${siteFacts.appName} within a minute.`,
    "",
    `Address given: ${email}${replyable ? "" : " (not one address: this mail has no reply address)"}`,
    "",
    ...submissions.flatMap((submission, i) => [
      ...(count === 1 ? [] : [`Message ${i + 1} of ${count}`]),
      ...submissionLines(submission),
      "",
    ]),
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
    headers: { "Auto-Submitted": "auto-generated", "Content-Language": "en" },
  }
}

/**
 * When the team's mail of a known address's new message is due: now, up to
 * TEAM_MAILS_PER_MINUTE a minute; past that, in the burst's next mail a
 * minute on (null when the last, untried one will tell of it), so a burst
 * is not a flood of mail.
 */
export async function teamMailDue(trx: Tx, entryId: number, now: Date): Promise<Date | null> {
  const recent = await trx
    .selectFrom("waitlist_outbox")
    .select(["status", "attempts"])
    .where("entry_id", "=", entryId)
    .where("kind", "=", "notify")
    .where("created_at", ">", storedTime(new Date(now.getTime() - TEAM_MAIL_WITHIN_MS)))
    .orderBy("id", "desc")
    .limit(TEAM_MAILS_PER_MINUTE)
    .execute()
  const [last] = recent
  if (!last || recent.length < TEAM_MAILS_PER_MINUTE) return now
  // A claim counts an attempt: a mail at 0 has not read its messages yet.
  return last.status === "pending" && last.attempts === 0 ? null : new Date(now.getTime() + TEAM_MAIL_WITHIN_MS)
}

/** The messages a team mail tells of: its own (`from`), and those after it until the entry's next team mail's, oldest first. */
async function gatheredMessages(trx: Tx, entryId: number, from: number): Promise<DeliveryMessage[]> {
  const rows = await trx
    .selectFrom("waitlist_messages")
    .select(["name", "message", "metadata"])
    .where("entry_id", "=", entryId)
    .where("id", ">=", from)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("waitlist_outbox as later")
            .select("later.id")
            .where("later.entry_id", "=", entryId)
            .where("later.kind", "=", "notify")
            .where("later.message_id", ">", from)
            .whereRef("later.message_id", "<=", "waitlist_messages.id"),
        ),
      ),
    )
    .orderBy("id")
    .limit(MAX_GATHERED_MESSAGES)
    .execute()
  return rows.map((row) => ({
    name: row.name,
    message: row.message,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  }))
}

/** The outbox's handling of the team's mails: its messages read when it is claimed, the mail written from them. */
export function teamMailKind(settings: MailSettings): DeliveryKindHandler {
  return {
    async load(trx, delivery) {
      const messages =
        delivery.messageId === null ? [] : await gatheredMessages(trx, delivery.entryId, delivery.messageId)
      return {
        write: () => {
          const draft = JSON.parse(delivery.payload) as TeamMailDraft
          if (messages.length === 0) throw new Error("the message this mail tells of is no longer stored")
          return { mail: teamMail(draft.email, messages, settings, draft.messageId) }
        },
      }
    },
  }
}
