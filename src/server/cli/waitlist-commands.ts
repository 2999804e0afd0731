import { parseArgs } from "util"
import { lookupAddressOf } from "../addresses/lookup-address"
import type { AnnouncementIo } from "../announcements/announcement-service"
import type { PreviewFiles } from "../markdown-mail/preview-files"
import { BY_COMMAND_LINE } from "../audit/audit-log"
import { handleBounceMessage } from "../bounces/handle-bounce"
import { MAX_BOUNCE_BYTES } from "../bounces/read-bounce-report"
import { liftSuppression } from "../bounces/suppressions"
import type { Db } from "../db/db"
import { deliveriesIn, retryFailedDelivery } from "../outbox/outbox-queries"
import { erasePerson } from "../people/erasure"
import { countDiscardedSubmissions, countEntries, listEntries } from "../entries/entry-list"
import { mailHealth } from "../mail-health/provider-health"
import { MAX_STATS_DAYS, visitStats } from "../visits/visit-stats"
import { checkSender, senderCheckLines } from "../mails/sender-check"
import { DEFAULT_OUTBOX_DIR, DEFAULT_REWARDS_FILE, type MailSettings, type StoreSettings } from "../settings"
import { announceCommandOf } from "./announce-commands"
import { sequenceCommandOf } from "./sequence-commands"
import type { SequenceIo } from "../sequences/sequence-service"
import { mailsCommandOf } from "./mails-command"
import { COPY_TO_ARGUMENT, copyTo, postgresUrlOf } from "./copy-to-command"
import { entriesToCsv } from "./entries-csv"
import { inertJson, inertText } from "./inert-text"
import { outboxTable } from "./outbox-table"
import { healthTable } from "./health-table"
import { rewardCommandOf } from "./reward-commands"
import { statsTable } from "./stats-table"
import { counted } from "../../words/counted"

/** What `npm run waitlist` prints when the command is missing or wrong. */
export const USAGE = `Usage: npm run --silent waitlist -- <command>

Commands:
  count               print the number of entries on the waitlist
  export              print every entry as CSV (name, email, message, created_at, updated_at,
                      confirmed_at, metadata, and every message newest first as JSON)
  export --confirmed  the same, for the entries whose address is confirmed only
  delete <email>      remove the entry of this address, in any case, with all its messages
                      and its pending mail (a privacy request)
  discarded           print how many bot entries (a filled honeypot) were thrown away
  discarded --repeats print how many repeat messages of one address past 10 a day were thrown away
  outbox              list the mails and webhook events not delivered yet, and those that
                      failed: id, status, kind, recipient, attempts, next try, last error
  outbox retry <id>   put a failed delivery back in line, to be tried at once
  stats [--days N] [--json]
                      the visits of the last N days (1 to 366, default 30, UTC): visitors per
                      day as a sparkline, the funnel per day (visitors, visitors of the contact
                      page, sign-ups, confirmed), the top pages, sources and languages, and the mail
                      by mailbox provider (delivered, hard bounces, complaints, rates) over 7 days and
                      per announcement; --json prints {"days":[…],"pages":[…],"sources":[…],
                      "languages":[…],"mailHealth":{…}} for scripts

  announce preview <name> [--lang xx]   write each language's mail of content/announcements/<name>.md
                      as .eml and .html into .data/announcements/<name>/; with --first or --platform,
                      count whom that wave's send would mail now
  announce test <name> --to <address>   send every language's version to one address, marked as a test
  announce send <name>                  queue one mail for each confirmed entry that has none of it yet
    [--first <N>] [--lang xx] [--platform ios|android|desktop] [--rewarded <tier>]
                      a wave: only places 1 to N in line, only readers of a language, of a platform,
                      only those who earned a reward's tier (content/rewards.md)
  announce status [<name>]              queued, sent, failed, bounced, complained and left, per language; the waves
  announce pause <name>                 hold its waiting mails;  announce resume <name>  lets them go
  rewards import <tier> <ios|android> <file>
                      add a store's codes to a tier's pool: one code a line, or the store's CSV
                      (App Store Connect's offer codes, the Play Console's promo codes); each is given once
  rewards status      per tier and store: rewards earned, paid, waiting, held for review, codes left

  sequence status                       each step of content/sequences: its delay and languages, how many
                      people got it, wait for it, failed, are due, come later, and were skipped and why
  sequence preview <name> [--lang xx]   write each language's mail of content/sequences/<name>.md as
                      .eml and .html into .data/sequences/<name>/
  sequence test <name> --to <address>   send every language's version to one address, marked as a test
  bounce [--recipient <address>]        read a bounce or complaint on standard input (an MTA's pipe) and
                      count it against its delivery; exits 75 when the store cannot be reached
  unsuppress <email>  lift the suppression of an address that bounced or complained
  check-sender        look up the sending domain's SPF, the DKIM selector's key, DMARC and the bounce
                      domain's MX (DNS_SERVERS, else the system's resolver): a line each, exit 1 if one fails
  mails               list the mails a local run wrote (MAIL_OUTBOX_DIR, when SMTP_URL is unset), newest
                      first: when, what kind, to whom, the subject and every link whole
  mails --show <N>    print mail N of that list as plain text
  copy-to <postgres URL>
                      copy everything the SQLite waitlist holds into an empty PostgreSQL database
                      (stop the site first), and say what was copied

The waitlist is the PostgreSQL database of DATABASE_URL when it is set, else
the SQLite file at WAITLIST_DB_PATH (default .data/waitlist.sqlite).
`

/** Where a command reads and writes: the store it opens and the two output streams, and what announcements and bounces need. */
export type CommandIo = {
  openDb: () => Db
  out: (text: string) => void
  err: (text: string) => void
  /** Everything the announcement operations use but the store. */
  announcements?: Omit<AnnouncementIo, "db"> & PreviewFiles
  /** Everything the sequences' operations use but the store. */
  sequences?: Omit<SequenceIo, "db"> & PreviewFiles
  /** Standard input, up to `max` bytes; null when it holds more. */
  readInput?: (max: number) => Promise<Buffer | null>
  /** The address bounces come back to (BOUNCE_ADDRESS), whose VERP tags a bounce is matched by. */
  bounceAddress?: string | null
  /** The site's own hosts, for the sources of sign-ups (see visitStats). */
  siteHosts?: readonly string[]
  /** The time now, which `stats` counts its days back from. */
  now?: () => Date
  /** The folder mails are written to without SMTP_URL (MAIL_OUTBOX_DIR), which an erasure clears of the person's mails. */
  mailFolder?: string
  /** Where the store is, for `copy-to` (which copies the SQLite file only). */
  store?: StoreSettings
  /** The places a credited referral moves its referrer ahead (REFERRAL_BOOST), for the export's places. */
  referralBoost?: number
  /** The rewards' tiers (REWARDS_FILE), for `rewards`. */
  rewardsFile?: string
  /** What `check-sender` checks: the mail settings, and the DNS servers to ask (DNS_SERVERS; null: the system's). */
  sender?: { mail: MailSettings; dnsServers: string[] | null }
}

/** The exit code an MTA's pipe reads as "try again later" (EX_TEMPFAIL): the store could not be reached. */
export const TRY_LATER = 75

type Command = (db: Db, out: (text: string) => void, io: CommandIo) => Promise<void>

/** The `stats` command of these arguments, or what is wrong with them. */
function statsCommand(args: string[]): Command | string {
  const accepted = `stats takes --days N (a whole number from 1 to ${MAX_STATS_DAYS}) and --json`
  let values
  try {
    values = parseArgs({
      args,
      options: { days: { type: "string" }, json: { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    }).values
  } catch {
    return accepted
  }
  const days = values.days === undefined ? 30 : /^\d{1,3}$/.test(values.days) ? Number(values.days) : 0
  if (days < 1 || days > MAX_STATS_DAYS) return accepted
  return async (db, out, { siteHosts = [], now = () => new Date() }) => {
    const at = now()
    const stats = await visitStats(db, { days, now: at, ownHosts: siteHosts })
    const health = await mailHealth(db, at)
    out(values.json ? `${inertJson({ ...stats, mailHealth: health })}\n` : statsTable(stats) + healthTable(health))
  }
}

/** The `announce` command of the arguments, with the service's I/O. */
function announce(args: string[]): Command | string {
  const command = announceCommandOf(args)
  if (typeof command === "string") return command
  return (db, out, io) => {
    if (!io.announcements) throw new Error("announcements are not available here")
    return command({ ...io.announcements, db }, out)
  }
}

/** The `sequence` command of the arguments, with the service's I/O. */
function sequence(args: string[]): Command | string {
  const command = sequenceCommandOf(args)
  if (typeof command === "string") return command
  return (db, out, io) => {
    if (!io.sequences) throw new Error("the sequences are not available here")
    return command({ ...io.sequences, db }, out)
  }
}

/** `bounce`: one message on standard input, handled (see handleBounceMessage). */
function bounce(rest: string[]): Command | null {
  const recipient = rest[0] === "--recipient" && rest.length === 2 ? (rest[1] ?? null) : null
  if (rest.length > 0 && recipient === null) return null
  return async (db, out, io) => {
    const raw = await io.readInput?.(MAX_BOUNCE_BYTES)
    if (!raw)
      return out(
        `bounce: not read: the message is larger than ${MAX_BOUNCE_BYTES / 1024} KB, and no bounce of ours is\n`,
      )
    out(`bounce: ${(await handleBounceMessage(raw, db, io.bounceAddress ?? null, new Date(), recipient)).line}\n`)
  }
}

/** The command the arguments name, or null (or what is wrong) when they name none. */
function commandOf([name, ...rest]: string[]): Command | string | null {
  if (name === "stats") return statsCommand(rest)
  if (name === "announce") return announce(rest)
  if (name === "sequence") return sequence(rest)
  if (name === "bounce") return bounce(rest)
  if (name === "rewards") {
    const command = rewardCommandOf(rest)
    if (typeof command === "string") return command
    return (db, out, io) => command(db, out, io.rewardsFile ?? DEFAULT_REWARDS_FILE, (io.now ?? (() => new Date()))())
  }
  if (name === "mails") {
    const command = mailsCommandOf(rest)
    if (typeof command === "string") return command
    return (db, out, io) => command(db, out, io.mailFolder ?? DEFAULT_OUTBOX_DIR)
  }
  if (name === "unsuppress" && rest.length === 1) {
    const address = lookupAddressOf(rest[0])
    if (address === undefined) return `"${inertText(rest[0] ?? "")}" is not an e-mail address`
    return async (db, out) => {
      if (!(await liftSuppression(db, address, BY_COMMAND_LINE, new Date())))
        throw new Error(`${inertText(address)} is not suppressed`)
      out(`${inertText(address)} gets mail again; a new hard bounce or complaint suppresses it again\n`)
    }
  }
  if (name === "copy-to" && rest.length === 1) {
    const url = postgresUrlOf(rest[0])
    if (!url) return COPY_TO_ARGUMENT
    return (db, out, io) => copyTo(db, io.store, url, out)
  }
  if (name === "count" && rest.length === 0) return async (db, out) => out(`${await countEntries(db)}\n`)
  if (name === "export" && rest.length === 0)
    return async (db, out, io) => out(entriesToCsv(await listEntries(db, io.referralBoost)))
  if (name === "export" && rest.length === 1 && rest[0] === "--confirmed") {
    return async (db, out, io) =>
      out(entriesToCsv((await listEntries(db, io.referralBoost)).filter((entry) => entry.confirmedAt !== null)))
  }
  if (name === "outbox" && rest.length === 0) {
    return async (db, out) => {
      // An announcement's thousands of waiting mails are counted, not listed: `announce status` shows them.
      const deliveries = await deliveriesIn(db, ["pending", "failed"])
      const waiting = deliveries.filter((delivery) => delivery.kind === "announcement" && delivery.status === "pending")
      const note =
        waiting.length > 0
          ? `Besides, ${counted(waiting.length, "mail")} of announcements ${waiting.length === 1 ? "waits" : "wait"} to be sent: \`npm run waitlist -- announce status\` shows ${waiting.length === 1 ? "it" : "them"}.\n`
          : ""
      out(outboxTable(deliveries.filter((delivery) => !waiting.includes(delivery))) + note)
    }
  }
  if (name === "outbox" && rest.length === 2 && rest[0] === "retry") {
    const id = rest[1] ?? ""
    return async (db, out) => {
      if (!(await retryFailedDelivery(db, id, new Date())))
        throw new Error(`there is no failed delivery ${inertText(id)}; see \`npm run waitlist -- outbox\``)
      out(`Delivery ${inertText(id)} will be tried again at once by the running server\n`)
    }
  }
  if (name === "discarded" && rest.length === 0)
    return async (db, out) => out(`${(await countDiscardedSubmissions(db)).bots}\n`)
  if (name === "discarded" && rest.length === 1 && rest[0] === "--repeats")
    return async (db, out) => out(`${(await countDiscardedSubmissions(db)).repeats}\n`)
  if (name === "delete" && rest.length === 1) {
    const email = lookupAddressOf(rest[0])
    if (email === undefined) return `"${inertText(rest[0] ?? "")}" is not an e-mail address`
    return async (db, out, io) =>
      out(
        `Removed ${counted(await erasePerson(db, email, BY_COMMAND_LINE.actor, null, new Date(), io.mailFolder ?? null), "entry", "entries")} for ${inertText(email)}\n`,
      )
  }
  return null
}

/**
 * Runs one command of the waitlist CLI and closes the store, so the process
 * can end. Resolves with the exit code: 0 when done, 1 when the store
 * failed (75 for `bounce`, so an MTA tries again later), 2 (after printing
 * the usage to stderr) for a missing or bad command.
 */
export async function runWaitlistCommand(args: string[], io: CommandIo): Promise<number> {
  const { out, err } = io
  if (args[0] === "check-sender" && args.length === 1 && io.sender) {
    const checks = await checkSender(io.sender.mail, io.sender.dnsServers)
    out(inertText(senderCheckLines(checks)))
    return checks.every((check) => check.pass) ? 0 : 1
  }
  const command = commandOf(args)
  if (typeof command !== "function") {
    err(`${command ? `waitlist: ${command}\n\n` : ""}${USAGE}`)
    return 2
  }
  const db = io.openDb()
  try {
    await command(db, out, io)
    return 0
  } catch (error) {
    err(`waitlist: ${inertText((error as Error).message)}\n`)
    return args[0] === "bounce" ? TRY_LATER : 1
  } finally {
    await db.close().catch(() => undefined)
  }
}
