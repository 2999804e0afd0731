import fs from "fs"
import path from "path"
import nodemailer from "nodemailer"
import type Mail from "nodemailer/lib/mailer"
import { isSingleAddress } from "../../waitlist/contact-rules"
import type { Logger } from "../observability/logger"
import type { MailAddress, MailSettings } from "../settings"
import type { MailMessage } from "./mail-message"

/**
 * Sends one mail, giving up when `signal` aborts (the try's deadline);
 * rejects with nodemailer's error (its `responseCode` tells a permanent
 * refusal), or with NotOneAddressError, sending nothing.
 */
export type SendMail = (message: MailMessage, signal?: AbortSignal) => Promise<void>

/** A mail that is not sent: an address of it is not exactly one address (a row stored before the rules said so). No later try could send it. */
export class NotOneAddressError extends Error {
  constructor(role: string, address: string) {
    super(`not mailed: its ${role} ${JSON.stringify(address)} is not one address`)
    this.name = "NotOneAddressError"
  }
}

/**
 * How mails go to the SMTP server: over a few pooled connections (a burst
 * of sign-ups is not one TCP and TLS handshake per mail), each step of the
 * conversation given a time limit after which the try counts as failed.
 */
const SMTP_OPTIONS = {
  pool: true,
  maxConnections: 4,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
}

/** A file name for a mail: its time, and its delivery's tag (or its Message-ID for a mail of no delivery), with nothing a file system would mind. */
const emlName = (message: MailMessage) =>
  `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.deliveryTag ?? message.messageId.replace(/[^\w.@-]/g, "")}.eml`

/** Whether an .eml file of the outbox folder holds the mail of a delivery of this tag (see emlName). */
export const isEmlOf = (fileName: string, tag: string): boolean => fileName.endsWith(`-${tag}.eml`)

/**
 * nodemailer's options as nodemailer 10 reads them, which @types/nodemailer
 * 8 does not declare yet: the envelope's addresses as objects (a string
 * there would be parsed, and could be a list) and the signal of a try.
 */
type SendOptions = Omit<Mail.Options, "envelope"> & {
  envelope: { from: MailAddress; to: MailAddress[] }
  signal?: AbortSignal
}

/**
 * What nodemailer is given for a mail: every address an object it never
 * parses, and an explicit envelope of the sender and the one recipient, so
 * a mail reaches that mailbox and no other. Its addresses are checked
 * again here, whatever row they come from.
 * @throws NotOneAddressError for a recipient or reply address that is not one address
 */
function toNodemailer(message: MailMessage, signal?: AbortSignal): Mail.Options {
  if (!isSingleAddress(message.to.address)) throw new NotOneAddressError("recipient", message.to.address)
  if (message.replyTo && !isSingleAddress(message.replyTo.address))
    throw new NotOneAddressError("reply address", message.replyTo.address)
  const options: SendOptions = {
    messageId: message.messageId,
    from: message.from,
    to: [message.to],
    replyTo: message.replyTo ? [message.replyTo] : undefined,
    envelope: {
      from: { name: "", address: message.envelopeFrom ?? message.from.address },
      to: [{ name: "", address: message.to.address }],
    },
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    disableFileAccess: true,
    disableUrlAccess: true,
    signal,
  }
  return options as unknown as Mail.Options
}

/**
 * The header fields the DKIM signature covers wherever a mail has them:
 * what a reader sees and what a provider acts on, the one-click leave's
 * `List-Unsubscribe-Post` included (RFC 8058 §4 asks for it to be signed;
 * nodemailer's default list lacks it and `Feedback-ID`), so none of them
 * can be added or changed on the way without breaking the signature.
 */
export const DKIM_SIGNED_HEADERS = [
  "From",
  "Reply-To",
  "To",
  "Subject",
  "Date",
  "Message-ID",
  "MIME-Version",
  "Content-Type",
  "Content-Language",
  "List-Id",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
  "Feedback-ID",
] as const

/** nodemailer's DKIM option for these settings: the key, and the header fields it signs. */
const dkimOption = (settings: Pick<MailSettings, "dkim">) =>
  settings.dkim ? { ...settings.dkim, headerFieldNames: DKIM_SIGNED_HEADERS.join(":") } : undefined

/** Writes a mail as the bytes of an .eml file, as it would be sent (signed when DKIM is set up). */
export function emlWriter(settings: Pick<MailSettings, "dkim">): (message: MailMessage) => Promise<Buffer> {
  const writer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
    dkim: dkimOption(settings),
  })
  return async (message) => ((await writer.sendMail(toNodemailer(message))) as { message: Buffer }).message
}

/**
 * The way mails leave: through the SMTP server of SMTP_URL with nodemailer,
 * or, without one, as .eml files in the outbox folder (what `npm start`
 * does on the embedded defaults), said once in the log.
 */
export function createSendMail(settings: MailSettings, log: Logger, { pooled = true } = {}): SendMail {
  // Every mail is signed when DKIM is set up (nodemailer's dkim option), the .eml files too.
  const dkim = dkimOption(settings)
  if (settings.smtpUrl) {
    // A short-lived program (the CLI) sends over a connection of each mail's own, so that none stays open after it.
    const transport = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_OPTIONS, pool: pooled, dkim })
    return async (message, signal) => {
      await transport.sendMail(toNodemailer(message, signal))
    }
  }
  const write = emlWriter(settings)
  let told = false
  return async (message) => {
    const raw = await write(message)
    fs.mkdirSync(settings.outboxDir, { recursive: true })
    fs.writeFileSync(path.join(settings.outboxDir, emlName(message)), raw)
    if (!told)
      log.info(
        { folder: settings.outboxDir },
        "mail: SMTP_URL is not set, so mails are written to a folder instead of sent",
      )
    told = true
  }
}
