import type { MailAddress } from "../settings"

/** A mail as the worker renders it and nodemailer sends it. */
export type MailMessage = {
  /** Stable across retries, so that the rare resend after a crash is recognisable as the same mail. */
  messageId: string
  from: MailAddress
  /** The one recipient: the visitor, or the team; the envelope holds this address and no other. */
  to: MailAddress
  /** Where a reply goes: the visitor's address alone (no name they typed), on the team's mail. */
  replyTo?: MailAddress
  subject: string
  text: string
  html?: string
  headers: Record<string, string>
  /** The envelope's sender, where bounces go: the delivery's VERP address (see verpAddress); the sender's address when absent. */
  envelopeFrom?: string
  /** The tag of the outbox delivery the mail is (see deliveryTag): the name of its .eml file, so that an erasure finds it. */
  deliveryTag?: string
}

/**
 * Text safe for one line of a header: line breaks, other control characters
 * and the invisible ones become spaces, and runs of spaces one. (Nodemailer
 * encodes what is left; this keeps a name from ever starting a header.)
 */
export function oneLine(text: string, max = 120): string {
  const flat = text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim()
  const chars = Array.from(flat)
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : flat
}
