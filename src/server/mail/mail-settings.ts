import path from "path"
import { siteFacts } from "../../config/site-facts"
import { isSingleAddress } from "../../waitlist/contact-rules"
import { FIRST_RETRY_DELAY_MS } from "../waitlist/deliveries"

/** One mailbox, as nodemailer is given it: never a string it would parse, so never a list. */
export type MailAddress = { name: string; address: string }

/** Where the webhook events go, and the secret they are signed with. */
export type WebhookSettings = { url: string; secret: string }

/** The mail and webhook settings of the server, read once at start (see readMailSettings). */
export type MailSettings = {
  /** The SMTP server mails go through; null writes them as .eml files to `outboxDir` instead. */
  smtpUrl: string | null
  /** The sender of every mail: `Storyling <support@…>` as a name and one address. */
  from: MailAddress
  /** Who is told of each accepted submission. */
  notifyTo: MailAddress
  /** The public base of the links in mails, without a trailing slash. */
  siteUrl: string
  webhook: WebhookSettings | null
  /** Where mails are written when there is no SMTP server. */
  outboxDir: string
  /** The wait before a failed delivery's first retry (tests shorten it). */
  retryBaseMs: number
  /** How long an instance holds a claimed delivery before another may take it (tests shorten it). */
  leaseMs: number
}

/** A setting that cannot work: the server says which, in one line, and does not start. */
export class SettingsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "SettingsError"
  }
}

/** Where mails go without SMTP_URL. */
export const DEFAULT_OUTBOX_DIR = ".data/outbox"

const HEADER_BREAK = /[\r\n\0]/

/**
 * An address setting: one bare address, or `Name <address>` (the name may
 * be quoted); never a line break, a list or anything but one address.
 */
function address(name: string, value: string): MailAddress {
  const text = value.trim()
  const open = text.endsWith(">") ? text.lastIndexOf("<") : -1
  const bare = open < 0 ? text : text.slice(open + 1, -1).trim()
  const shown = open < 0 ? "" : text.slice(0, open).trim().replace(/^"(.*)"$/, "$1")
  if (HEADER_BREAK.test(text) || /[<>"]/.test(shown) || !isSingleAddress(bare)) throw new SettingsError(`${name} is not an e-mail address: ${JSON.stringify(value)}`)
  return { name: shown, address: bare }
}

function url(name: string, value: string, protocols: string[]): URL {
  let parsed: URL
  try {
    parsed = new URL(value)
  } catch {
    throw new SettingsError(`${name} is not a URL: ${JSON.stringify(value)}`)
  }
  if (!protocols.includes(parsed.protocol)) throw new SettingsError(`${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")}`)
  return parsed
}

function milliseconds(name: string, value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback
  const ms = Number(value)
  if (!Number.isInteger(ms) || ms < 10) throw new SettingsError(`${name} must be a whole number of milliseconds, at least 10`)
  return ms
}

/**
 * Reads SMTP_URL, MAIL_FROM, WAITLIST_NOTIFY_TO, SITE_URL,
 * WAITLIST_WEBHOOK_URL and WAITLIST_WEBHOOK_SECRET (and, for tests,
 * MAIL_OUTBOX_DIR, MAIL_RETRY_BASE_MS and MAIL_LEASE_MS). Unset values take
 * the embedded defaults of site-facts.
 * @throws SettingsError naming the first setting that cannot work
 */
export function readMailSettings(env: NodeJS.ProcessEnv): MailSettings {
  const smtpUrl = env.SMTP_URL?.trim() ? url("SMTP_URL", env.SMTP_URL.trim(), ["smtp:", "smtps:"]).href : null
  const siteUrl = url("SITE_URL", env.SITE_URL?.trim() || siteFacts.siteUrl, ["https:", "http:"]).origin
  const webhookUrl = env.WAITLIST_WEBHOOK_URL?.trim()
  const secret = env.WAITLIST_WEBHOOK_SECRET ?? ""
  if (webhookUrl && secret.length < 16) throw new SettingsError("WAITLIST_WEBHOOK_SECRET must be set, at least 16 characters, when WAITLIST_WEBHOOK_URL is")
  return {
    smtpUrl,
    from: address("MAIL_FROM", env.MAIL_FROM?.trim() || `${siteFacts.appName} <${siteFacts.supportEmail}>`),
    notifyTo: address("WAITLIST_NOTIFY_TO", env.WAITLIST_NOTIFY_TO?.trim() || siteFacts.supportEmail),
    siteUrl,
    webhook: webhookUrl ? { url: url("WAITLIST_WEBHOOK_URL", webhookUrl, ["https:", "http:"]).href, secret } : null,
    outboxDir: path.resolve(env.MAIL_OUTBOX_DIR?.trim() || DEFAULT_OUTBOX_DIR),
    retryBaseMs: milliseconds("MAIL_RETRY_BASE_MS", env.MAIL_RETRY_BASE_MS, FIRST_RETRY_DELAY_MS),
    leaseMs: milliseconds("MAIL_LEASE_MS", env.MAIL_LEASE_MS, 60_000),
  }
}
