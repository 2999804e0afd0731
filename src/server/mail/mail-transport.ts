import fs from "fs"
import path from "path"
import nodemailer from "nodemailer"
import type { MailSettings } from "./mail-settings"
import type { MailMessage } from "./mail-message"

/** Sends one mail; rejects with nodemailer's error (its `responseCode` tells a permanent refusal). */
export type SendMail = (message: MailMessage) => Promise<void>

/**
 * How mails go to the SMTP server: over a few pooled connections (a burst
 * of sign-ups is not one TCP and TLS handshake per mail), each step of the
 * conversation given a time limit after which the try counts as failed.
 */
const SMTP_OPTIONS = { pool: true, maxConnections: 4, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/** A file name for a mail: its time and its Message-ID, with nothing a file system would mind. */
const emlName = (message: MailMessage) => `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.messageId.replace(/[^\w.@-]/g, "")}.eml`

/**
 * The way mails leave: through the SMTP server of SMTP_URL with nodemailer,
 * or, without one, as .eml files in the outbox folder (what `npm start`
 * does on the embedded defaults), said once in the log.
 */
export function createSendMail(settings: MailSettings, log: (line: string) => void): SendMail {
  const toNodemailer = (message: MailMessage) => ({
    messageId: message.messageId,
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_OPTIONS })
    return async (message) => {
      await transport.sendMail(toNodemailer(message))
    }
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" })
  let told = false
  return async (message) => {
    const { message: raw } = (await writer.sendMail(toNodemailer(message))) as { message: Buffer }
    fs.mkdirSync(settings.outboxDir, { recursive: true })
    fs.writeFileSync(path.join(settings.outboxDir, emlName(message)), raw)
    if (!told) log(`mail: SMTP_URL is not set, so mails are written to ${settings.outboxDir} instead of sent`)
    told = true
  }
}
