/**
 * Every setting of the server and the CLI, read once from the environment
 * when the process starts, checked by one schema and passed down as one
 * typed object. Nothing else reads `process.env`. A value that cannot work
 * stops the process with one line naming the variable and what it accepts
 * (see SettingsError); the settings table of docs/operating.md lists
 * exactly these variables (a test keeps the two in agreement).
 */
import { createPrivateKey } from "crypto"
import fs from "fs"
import { isIP } from "net"
import path from "path"
import { z } from "zod"
import { siteFacts } from "../config/site-facts"
import { isSingleAddress } from "../waitlist/contact-rules"

/** One mailbox, as nodemailer is given it: never a string it would parse, so never a list. */
export type MailAddress = { name: string; address: string }

/** Where the webhook events go, and the secret they are signed with. */
export type WebhookSettings = { url: string; secret: string }

/** How the process signs its mails (DKIM, RFC 6376): the domain, the selector of its public key in DNS, and the private key. */
export type DkimSettings = { domainName: string; keySelector: string; privateKey: string }

/** The mail and webhook settings. */
export type MailSettings = {
  /** The SMTP server mails go through; null writes them as .eml files to `outboxDir` instead. */
  smtpUrl: string | null
  /** The sender of every mail: `Storyling <support@…>` as a name and one address. */
  from: MailAddress
  /** Who is told of each accepted submission. */
  notifyTo: MailAddress
  /** The public base of the links in mails, without a trailing slash: SITE_URL, or outside production the local address the server serves (see localSiteUrl). */
  siteUrl: string
  webhook: WebhookSettings | null
  /** Where mails are written when there is no SMTP server. */
  outboxDir: string
  /** The wait before a failed delivery's first retry (tests shorten it). */
  retryBaseMs: number
  /** How long an instance holds a claimed delivery before another may take it (tests shorten it). */
  leaseMs: number
  /** The most mail tries the process begins in any second and in any hour; 0 turns either off. */
  rate: { perSecond: number; perHour: number }
  /** The address bounces come back to, as `bounces+<delivery tag>@domain` (VERP); null: the sender's address. */
  bounceAddress: string | null
  dkim: DkimSettings | null
  /** Remind an address that has not confirmed a day after signing up, once (CONFIRMATION_REMINDER; off by default: see docs/operating.md). */
  confirmationReminder: boolean
}

/** The mailbox the server reads bounces and complaints from over IMAP, and how often. */
export type BounceMailboxSettings = { url: string; pollMs: number }

/** Where the waitlist lives: an SQLite file, or a PostgreSQL database shared by many instances. */
export type StoreSettings = { kind: "sqlite"; file: string; minFreeBytes?: number } | { kind: "postgres"; url: string }

/** The levels a log line may have, quietest last: LOG_LEVEL keeps the lines at its level and above. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** How log lines are written: JSON, readable text, or readable text only when stdout is a terminal. */
export type LogFormat = "auto" | "json" | "pretty"

/** What the process logs, and how (see src/server/observability/logger.ts). */
export type LogSettings = { level: LogLevel; format: LogFormat }

/** Where Prometheus reads the metrics: a listener of its own, never the site's port. */
export type MetricsSettings = { port: number; host: string }

/** The settings of the process, as every part of it is given them. */
export type Settings = {
  /** NODE_ENV=production: SITE_URL must be set. */
  production: boolean
  /** SITE_URL was not set: the links in mails go to the local address of `mail.siteUrl`, which the server and the CLIs say once at start (see localLinksNotice). */
  localLinks: boolean
  /** Where the production server listens. */
  port: number
  host: string
  /** The metrics' own listener; null (METRICS_PORT unset) for none. */
  metrics: MetricsSettings | null
  /** How long a clean shutdown may take before the process gives up what is left and exits with 1. */
  shutdownTimeoutMs: number
  log: LogSettings
  store: StoreSettings
  /** Accepted submissions per client in a minute; 0 turns the limit off. */
  rateLimit: number
  /** Place pages and `/r/` links opened per client in a minute; 0 turns the limit off. */
  linkRateLimit: number
  /** Count the last X-Forwarded-For address instead of the socket's. */
  trustProxy: boolean
  /** Count page views and visitors (see src/server/visits/). */
  countVisits: boolean
  /** The places each credited referral moves its referrer ahead in line (see src/server/referrals/). */
  referralBoost: number
  mail: MailSettings
  /** Null: bounces arrive through `npm run waitlist -- bounce` alone. */
  bounceMailbox: BounceMailboxSettings | null
  /** The folder of the announcements' Markdown, read by the CLI and the admin when asked (no build). */
  announcementsDir: string
  /** The folder of the sequences' Markdown, read by the server's job, the CLI and the admin when they run (no build). */
  sequencesDir: string
  /** The DNS servers `check-sender` and the mail-server check of referred sign-ups ask (`host:port`); null: the system's resolver. */
  dnsServers: string[] | null
  /** The milestones of referrals: the file of their tiers and words (REWARDS_FILE), and how long each credited referral must hold before it counts (REWARD_HOLD_HOURS). */
  rewards: RewardSettings
}

/** Where the rewards' tiers are written, and how long a credited referral holds before it counts toward one. */
export type RewardSettings = { file: string; holdMs: number }

/** A setting that cannot work: the process says which, in one line, and does not start. */
export class SettingsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "SettingsError"
  }
}

/** Where the embedded store lives when WAITLIST_DB_PATH is not set. */
export const DEFAULT_DB_PATH = ".data/waitlist.sqlite"
/** Where mails go without SMTP_URL. */
export const DEFAULT_OUTBOX_DIR = ".data/outbox"
/** Where the announcements are written when ANNOUNCEMENTS_DIR is not set: the project's own folder. */
export const DEFAULT_ANNOUNCEMENTS_DIR = "content/announcements"
/** Where the sequences' steps are written when SEQUENCES_DIR is not set: the project's own folder. */
export const DEFAULT_SEQUENCES_DIR = "content/sequences"
/** The free space under which the SQLite store takes no new sign-up, when WAITLIST_MIN_FREE_MB is unset. */
export const DEFAULT_MIN_FREE_MB = 64
/** The limit when WAITLIST_RATE_LIMIT is unset or empty. */
export const DEFAULT_RATE_LIMIT = 5
/** The limit when WAITLIST_LINK_RATE_LIMIT is unset or empty: a person's reloads and a household's friends, well under a guesser's pace. */
export const DEFAULT_LINK_RATE_LIMIT = 30
/** Where the rewards' tiers are written when REWARDS_FILE is not set: the project's own file. */
export const DEFAULT_REWARDS_FILE = "content/rewards.md"
/** How long a credited referral must hold (confirmed, unsuppressed, not erased) before it counts toward a reward, when REWARD_HOLD_HOURS is unset. */
export const DEFAULT_REWARD_HOLD_HOURS = 24
/** The places a credited referral moves its referrer ahead when REFERRAL_BOOST is unset. */
export const DEFAULT_REFERRAL_BOOST = 5
/** The wait before a failed delivery's first retry when MAIL_RETRY_BASE_MS is unset; each next one doubles it. */
export const DEFAULT_RETRY_BASE_MS = 15_000
/** How long a shutdown may take when SHUTDOWN_TIMEOUT_MS is unset. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000

/**
 * A variable's check: `accepts` says, in the words of the error line, what
 * the variable takes; `read` turns its trimmed value into the setting, or
 * returns undefined for a value that is not one. Unset and empty values
 * get `fallback`.
 */
function setting<T>(accepts: string, read: (value: string) => T | undefined, fallback: T) {
  return z
    .string()
    .optional()
    .transform((raw, context): T => {
      const value = raw?.trim() ?? ""
      if (value === "") return fallback
      const parsed = read(value)
      if (parsed === undefined) {
        context.addIssue({ code: "custom", message: accepts })
        return z.NEVER
      }
      return parsed
    })
}

const wholeNumber =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: string) => {
    if (!/^\d{1,16}$/.test(value)) return undefined
    const number = Number(value)
    return number >= min && number <= max ? number : undefined
  }

const urlWith = (protocols: string[]) => (value: string) => {
  try {
    const url = new URL(value)
    return protocols.includes(url.protocol) ? url : undefined
  } catch {
    return undefined
  }
}

/** A URL of those protocols that carries no user or password: a setting whose URL is logged, stored or shown may hold no secret. */
const urlWithoutUserInfo = (protocols: string[]) => (value: string) => {
  const url = urlWith(protocols)(value)
  return url && !url.username && !url.password ? url : undefined
}

/**
 * An address setting: one bare address, or `Name <address>` (the name may
 * be quoted); never a line break, a list or anything but one address.
 */
function mailAddress(value: string): MailAddress | undefined {
  const open = value.endsWith(">") ? value.lastIndexOf("<") : -1
  const bare = open < 0 ? value : value.slice(open + 1, -1).trim()
  const shown =
    open < 0
      ? ""
      : value
          .slice(0, open)
          .trim()
          .replace(/^"(.*)"$/, "$1")
  if (/[\r\n\0]/.test(value) || /[<>"]/.test(shown) || !isSingleAddress(bare)) return undefined
  return { name: shown, address: bare }
}

const ADDRESS = "one e-mail address, bare or as `Name <address>`"
const PORT_NUMBER = "a port number from 0 to 65535"
const HOST_NAME = "a host name or IP address to listen on, without spaces"
const hostName = (value: string) => (/\s/.test(value) ? undefined : value)

/** A DNS name of labels of letters, digits and inner hyphens, with at least one dot. */
const domainName = (value: string) =>
  /^(?=.{1,253}$)(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}$/i.test(value) ? value.toLowerCase() : undefined

/** A private key file in PEM that Node can sign with, read once. */
function privateKeyFile(value: string): string | undefined {
  try {
    const pem = fs.readFileSync(path.resolve(value), "utf8")
    createPrivateKey(pem)
    return pem
  } catch {
    return undefined
  }
}

/** Whether a host is this machine: `localhost` (and its subdomains), 127.0.0.0/8 or ::1, as a URL's hostname writes them. */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === "localhost" ||
  hostname.endsWith(".localhost") ||
  hostname === "[::1]" ||
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)

/** Whether the links of a site address are ones a mail client's one-click unsubscribe follows: https, or http on this machine only. */
const acceptsOneClick = (origin: string): boolean => {
  const url = new URL(origin)
  return url.protocol === "https:" || isLoopbackHost(url.hostname)
}

/** DNS servers as `Resolver#setServers` takes them: IP addresses, each with its port when not 53 (an IPv6 one in brackets then). */
function dnsServers(value: string): string[] | undefined {
  const servers = value.split(",").map((server) => server.trim())
  const valid = servers.every((server) => {
    const bracketed = /^\[([\da-f:.]{2,45})\](?::(\d{1,5}))?$/i.exec(server)
    const plain = /^([\d.]{7,15})(?::(\d{1,5}))?$/.exec(server)
    const [, host = "", port = "53"] = bracketed ?? plain ?? [server, server]
    return isIP(host) !== 0 && Number(port) >= 1 && Number(port) <= 65_535
  })
  return servers.length > 0 && servers.length <= 8 && valid ? servers : undefined
}

/** Hours from 0 up to a year, whole or with up to 4 decimals (tests hold a credit for seconds). */
const hours = (value: string) => {
  if (!/^\d{1,4}(\.\d{1,4})?$/.test(value)) return undefined
  const number = Number(value)
  return number <= 8760 ? number : undefined
}

/** The variables, each with what it accepts; the table of docs/operating.md lists exactly these. */
const variables = {
  PORT: setting(PORT_NUMBER, wholeNumber(0, 65_535), 9000),
  HOST: setting(HOST_NAME, hostName, "localhost"),
  METRICS_PORT: setting<number | null>(PORT_NUMBER, wholeNumber(0, 65_535), null),
  METRICS_HOST: setting(HOST_NAME, hostName, "127.0.0.1"),
  SHUTDOWN_TIMEOUT_MS: setting(
    "a whole number of milliseconds, at least 100",
    wholeNumber(100),
    DEFAULT_SHUTDOWN_TIMEOUT_MS,
  ),
  LOG_LEVEL: setting(
    `one of ${LOG_LEVELS.join(", ")}`,
    (value) => LOG_LEVELS.find((level) => level === value.toLowerCase()),
    "info",
  ),
  LOG_FORMAT: setting<LogFormat>(
    "auto (readable on a terminal, JSON otherwise), json or pretty",
    (value) => (["auto", "json", "pretty"] as const).find((format) => format === value),
    "auto",
  ),
  WAITLIST_DB_PATH: setting("a file path", (value) => value, DEFAULT_DB_PATH),
  WAITLIST_MIN_FREE_MB: setting(
    "a number of megabytes, 0 or more (0 turns the floor off)",
    (value) => (/^\d{1,9}(\.\d{1,3})?$/.test(value) ? Number(value) : undefined),
    DEFAULT_MIN_FREE_MB,
  ),
  DATABASE_URL: setting(
    "a PostgreSQL URL: postgres://user:password@host:5432/database",
    (value) => urlWith(["postgres:", "postgresql:"])(value)?.href,
    null,
  ),
  WAITLIST_RATE_LIMIT: setting(
    "a whole number of submissions a minute, 0 or more (0 turns the limit off)",
    wholeNumber(0),
    DEFAULT_RATE_LIMIT,
  ),
  WAITLIST_LINK_RATE_LIMIT: setting(
    "a whole number of pages a minute, 0 or more (0 turns the limit off)",
    wholeNumber(0),
    DEFAULT_LINK_RATE_LIMIT,
  ),
  WAITLIST_TRUST_PROXY: setting("1 (behind your own proxy) or 0", (value) => ({ "1": true, "0": false })[value], false),
  REFERRAL_BOOST: setting(
    "a whole number of places from 0 to 1000000",
    wholeNumber(0, 1_000_000),
    DEFAULT_REFERRAL_BOOST,
  ),
  VISIT_COUNTING: setting(
    "1 (count page views and visitors) or 0 (count nothing)",
    (value) => ({ "1": true, "0": false })[value],
    true,
  ),
  SMTP_URL: setting(
    "an SMTP URL starting with smtp:// or smtps://",
    (value) => urlWith(["smtp:", "smtps:"])(value)?.href,
    null,
  ),
  MAIL_FROM: setting(ADDRESS, mailAddress, { name: siteFacts.appName, address: siteFacts.supportEmail }),
  WAITLIST_NOTIFY_TO: setting(ADDRESS, mailAddress, { name: "", address: siteFacts.supportEmail }),
  NODE_ENV: setting("production, or anything else for a run on this machine", (value) => value === "production", false),
  SITE_URL: setting<string | null>(
    "a URL starting with https:// or http://, without a user or password",
    (value) => urlWithoutUserInfo(["https:", "http:"])(value)?.origin,
    null,
  ),
  WAITLIST_WEBHOOK_URL: setting(
    "a URL starting with https:// or http://, without a user or password (the events are signed with WAITLIST_WEBHOOK_SECRET)",
    (value) => urlWithoutUserInfo(["https:", "http:"])(value)?.href,
    null,
  ),
  WAITLIST_WEBHOOK_SECRET: setting(
    "a secret of 16 characters or more",
    (value) => (value.length >= 16 ? value : undefined),
    null,
  ),
  MAIL_OUTBOX_DIR: setting("a folder path", (value) => value, DEFAULT_OUTBOX_DIR),
  MAIL_RETRY_BASE_MS: setting("a whole number of milliseconds, at least 10", wholeNumber(10), DEFAULT_RETRY_BASE_MS),
  MAIL_LEASE_MS: setting("a whole number of milliseconds, at least 10", wholeNumber(10), 60_000),
  MAIL_RATE_PER_SECOND: setting(
    "a whole number of mails a second from 0 to 1000 (0 turns the limit off)",
    wholeNumber(0, 1000),
    10,
  ),
  MAIL_RATE_PER_HOUR: setting(
    "a whole number of mails an hour from 0 to 1000000 (0 turns the limit off)",
    wholeNumber(0, 1_000_000),
    0,
  ),
  BOUNCE_ADDRESS: setting(
    "one bare e-mail address without a + in it, such as bounces@example.com",
    (value) => (isSingleAddress(value) && !value.includes("+") ? value : undefined),
    null,
  ),
  BOUNCE_IMAP_URL: setting(
    "an IMAP URL with the mailbox's user and password: imaps://user:password@host:993/INBOX (or imap://)",
    (value) => {
      const url = urlWith(["imap:", "imaps:"])(value)
      return url && url.username && url.password ? url.href : undefined
    },
    null,
  ),
  BOUNCE_IMAP_POLL_SECONDS: setting("a whole number of seconds from 1 to 86400", wholeNumber(1, 86_400), 60),
  DKIM_DOMAIN: setting("a domain name such as example.com", domainName, null),
  DKIM_SELECTOR: setting(
    "a DNS label of letters, digits and hyphens, such as mail2026",
    (value) => (/^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/i.test(value) ? value : undefined),
    null,
  ),
  DKIM_PRIVATE_KEY_PATH: setting(
    "the path of a readable private key file in PEM (openssl genrsa 2048)",
    privateKeyFile,
    null,
  ),
  ANNOUNCEMENTS_DIR: setting("a folder path", (value) => value, DEFAULT_ANNOUNCEMENTS_DIR),
  SEQUENCES_DIR: setting("a folder path", (value) => value, DEFAULT_SEQUENCES_DIR),
  CONFIRMATION_REMINDER: setting(
    "1 (remind an unconfirmed address once, a day after it signed up) or 0 (never)",
    (value) => ({ "1": true, "0": false })[value],
    false,
  ),
  DNS_SERVERS: setting<string[] | null>(
    "a comma-separated list of DNS servers' IP addresses, each with its port if not 53: 192.0.2.53, [2001:db8::53]:5353",
    dnsServers,
    null,
  ),
  REWARDS_FILE: setting("a file path", (value) => value, DEFAULT_REWARDS_FILE),
  REWARD_HOLD_HOURS: setting(
    "a number of hours from 0 to 8760, whole or with up to 4 decimals (0 counts a credit at once)",
    hours,
    DEFAULT_REWARD_HOLD_HOURS,
  ),
}

/** The environment variables the settings are read from, as the table of docs/operating.md lists them. */
export const SETTING_NAMES = Object.keys(variables) as (keyof typeof variables)[]

const DKIM = ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY_PATH"] as const

const schema = z.object(variables).superRefine((env, context) => {
  if (env.METRICS_PORT !== null && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    context.addIssue({
      code: "custom",
      path: ["METRICS_PORT"],
      message: `a port other than the site's (PORT is ${env.PORT}): the metrics are never served to visitors`,
    })
  }
  if (env.WAITLIST_WEBHOOK_URL && !env.WAITLIST_WEBHOOK_SECRET) {
    context.addIssue({
      code: "custom",
      path: ["WAITLIST_WEBHOOK_SECRET"],
      message: "a secret of 16 characters or more, set whenever WAITLIST_WEBHOOK_URL is",
    })
  }
  if (env.SITE_URL !== null && env.NODE_ENV && !acceptsOneClick(env.SITE_URL)) {
    context.addIssue({
      code: "custom",
      path: ["SITE_URL"],
      message:
        "an https:// address in production (NODE_ENV=production), since one-click unsubscribe (RFC 8058) takes no plain http link; http:// only on this machine (localhost, 127.0.0.0/8, ::1)",
    })
  } else if (env.SITE_URL === null && env.NODE_ENV) {
    context.addIssue({
      code: "custom",
      path: ["SITE_URL"],
      message: `set in production (NODE_ENV=production) to the address visitors reach the site at, such as ${siteFacts.siteUrl}: the links in mails go there`,
    })
  } else if (env.SITE_URL === null && env.PORT === 0) {
    context.addIssue({
      code: "custom",
      path: ["SITE_URL"],
      message: "set when PORT is 0: the links in mails need the port the site is served on",
    })
  }
  const missing = DKIM.find((name) => env[name] === null)
  if (missing && DKIM.some((name) => env[name] !== null)) {
    context.addIssue({
      code: "custom",
      path: [missing],
      message: `set with ${DKIM.filter((name) => name !== missing).join(" and ")}: DKIM needs all three`,
    })
  }
})

/** Values never repeated in an error line: they may hold a password. */
const SECRET = new Set<string>(["DATABASE_URL", "SMTP_URL", "WAITLIST_WEBHOOK_SECRET", "BOUNCE_IMAP_URL"])
/** Whether a value may hold a URL's user or password (anything before an `@`), so that no error line repeats it. */
const mayHoldUserInfo = (value: string) => value.includes("@")

/** A host as a link names it: one that listens on every address is reached at localhost; an IPv6 address goes in brackets. */
const linkHost = (host: string) =>
  host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host

/** The address the production server serves at HOST and PORT, which the links in mails go to when SITE_URL is not set (outside production). */
export const localSiteUrl = (host: string, port: number): string => `http://${linkHost(host)}:${port}`

/** The line that names the first variable of `error` and what it accepts, never repeating a secret value. */
function settingsError(error: z.ZodError, env: Record<string, string | undefined>, name?: string): SettingsError {
  const issue = error.issues[0]
  const variable = name ?? String(issue?.path[0] ?? "a setting")
  const value = env[variable]
  const given =
    value === undefined || value.trim() === ""
      ? ""
      : SECRET.has(variable) || (variable.endsWith("_URL") && mayHoldUserInfo(value))
        ? " (the value given is not shown)"
        : `, not ${JSON.stringify(value)}`
  return new SettingsError(`${variable} must be ${issue?.message ?? "valid"}${given}`)
}

/**
 * The address a build makes its pages for, which `/get`'s QR code holds:
 * SITE_URL when the build is given one (`npm start` gives it the address
 * the server will serve at), else the site's public address from its facts.
 * @throws SettingsError when SITE_URL is no address
 */
export function siteUrlOfBuild(env: Record<string, string | undefined>): string {
  const read = variables.SITE_URL.safeParse(env.SITE_URL)
  if (!read.success) throw settingsError(read.error, env, "SITE_URL")
  return read.data ?? siteFacts.siteUrl
}

/**
 * Reads and checks every setting.
 * @throws SettingsError naming the first variable that cannot work and what it accepts
 */
export function readSettings(env: Record<string, string | undefined>): Settings {
  const result = schema.safeParse(env)
  if (!result.success) throw settingsError(result.error, env)
  const values = result.data
  return {
    production: values.NODE_ENV,
    localLinks: values.SITE_URL === null,
    port: values.PORT,
    host: values.HOST,
    metrics: values.METRICS_PORT === null ? null : { port: values.METRICS_PORT, host: values.METRICS_HOST },
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    log: { level: values.LOG_LEVEL, format: values.LOG_FORMAT },
    store: values.DATABASE_URL
      ? { kind: "postgres", url: values.DATABASE_URL }
      : {
          kind: "sqlite",
          file: path.resolve(values.WAITLIST_DB_PATH),
          minFreeBytes: Math.round(values.WAITLIST_MIN_FREE_MB * 1024 * 1024),
        },
    rateLimit: values.WAITLIST_RATE_LIMIT,
    linkRateLimit: values.WAITLIST_LINK_RATE_LIMIT,
    trustProxy: values.WAITLIST_TRUST_PROXY,
    countVisits: values.VISIT_COUNTING,
    referralBoost: values.REFERRAL_BOOST,
    mail: {
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM,
      notifyTo: values.WAITLIST_NOTIFY_TO,
      siteUrl: values.SITE_URL ?? localSiteUrl(values.HOST, values.PORT),
      webhook:
        values.WAITLIST_WEBHOOK_URL && values.WAITLIST_WEBHOOK_SECRET
          ? { url: values.WAITLIST_WEBHOOK_URL, secret: values.WAITLIST_WEBHOOK_SECRET }
          : null,
      outboxDir: path.resolve(values.MAIL_OUTBOX_DIR),
      retryBaseMs: values.MAIL_RETRY_BASE_MS,
      leaseMs: values.MAIL_LEASE_MS,
      rate: { perSecond: values.MAIL_RATE_PER_SECOND, perHour: values.MAIL_RATE_PER_HOUR },
      bounceAddress: values.BOUNCE_ADDRESS,
      dkim:
        values.DKIM_DOMAIN && values.DKIM_SELECTOR && values.DKIM_PRIVATE_KEY_PATH
          ? {
              domainName: values.DKIM_DOMAIN,
              keySelector: values.DKIM_SELECTOR,
              privateKey: values.DKIM_PRIVATE_KEY_PATH,
            }
          : null,
      confirmationReminder: values.CONFIRMATION_REMINDER,
    },
    bounceMailbox: values.BOUNCE_IMAP_URL
      ? { url: values.BOUNCE_IMAP_URL, pollMs: values.BOUNCE_IMAP_POLL_SECONDS * 1000 }
      : null,
    announcementsDir: path.resolve(values.ANNOUNCEMENTS_DIR),
    sequencesDir: path.resolve(values.SEQUENCES_DIR),
    dnsServers: values.DNS_SERVERS,
    rewards: {
      file: path.resolve(values.REWARDS_FILE),
      holdMs: Math.round(values.REWARD_HOLD_HOURS * 60 * 60 * 1000),
    },
  }
}

/** The line the server and the CLIs say at start when SITE_URL is not set, or null when it is. */
export const localLinksNotice = (settings: Settings): string | null =>
  settings.localLinks
    ? `SITE_URL is not set: the links in mails go to ${settings.mail.siteUrl}, where this machine serves the site (set SITE_URL to its public address in production)`
    : null

/** A sentence that says which store the settings select, for logs and the CLI. */
export const describeStore = (store: StoreSettings): string =>
  store.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `SQLite at ${store.file}`
