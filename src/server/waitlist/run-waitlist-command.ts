import { parseArgs } from "util"
import { statsTable } from "../visits/stats-report"
import { MAX_STATS_DAYS, visitStats } from "../visits/visit-stats"
import { entriesToCsv } from "./entries-to-csv"
import { inertJson, inertText } from "./inert-text"
import { outboxTable } from "./outbox-table"
import type { WaitlistStore } from "./waitlist-store"

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
                      page, sign-ups, confirmed), the top pages, sources and languages; --json
                      prints {"days":[…],"pages":[…],"sources":[…],"languages":[…]} for scripts

The waitlist is the PostgreSQL database of DATABASE_URL when it is set, else
the SQLite file at WAITLIST_DB_PATH (default .data/waitlist.sqlite).
`

/** Where a command reads and writes: the store it opens and the two output streams. */
export type CommandIo = {
  openStore: () => WaitlistStore
  out: (text: string) => void
  err: (text: string) => void
  /** The site's own hosts, for the sources of sign-ups (see visitStats). */
  siteHosts?: readonly string[]
  /** The time now, which `stats` counts its days back from. */
  now?: () => Date
}

type Command = (store: WaitlistStore, out: (text: string) => void, io: CommandIo) => Promise<void>

/** The `stats` command of these arguments, or null when they are not its. */
function statsCommand(args: string[]): Command | null {
  let values
  try {
    values = parseArgs({ args, options: { days: { type: "string" }, json: { type: "boolean" } }, strict: true, allowPositionals: false }).values
  } catch {
    return null
  }
  const days = values.days === undefined ? 30 : /^\d{1,3}$/.test(values.days) ? Number(values.days) : 0
  if (days < 1 || days > MAX_STATS_DAYS) return null
  return async (store, out, { siteHosts = [], now = () => new Date() }) => {
    const stats = await visitStats(store.visits, { days, now: now(), ownHosts: siteHosts })
    out(values.json ? `${inertJson(stats)}\n` : statsTable(stats))
  }
}

const entries = (n: number) => (n === 1 ? "1 entry" : `${n} entries`)

/** The command the arguments name, or null when they name none. */
function commandOf([name, ...rest]: string[]): Command | null {
  if (name === "stats") return statsCommand(rest)
  if (name === "count" && rest.length === 0) return async (store, out) => out(`${await store.count()}\n`)
  if (name === "export" && rest.length === 0) return async (store, out) => out(entriesToCsv(await store.list()))
  if (name === "export" && rest.length === 1 && rest[0] === "--confirmed") {
    return async (store, out) => out(entriesToCsv((await store.list()).filter((entry) => entry.confirmedAt !== null)))
  }
  if (name === "outbox" && rest.length === 0) return async (store, out) => out(outboxTable(await store.outbox.list(["pending", "failed"])))
  if (name === "outbox" && rest.length === 2 && rest[0] === "retry") {
    const id = rest[1] ?? ""
    return async (store, out) => {
      if (!(await store.outbox.retry(id, new Date()))) throw new Error(`there is no failed delivery ${inertText(id)}; see \`npm run waitlist -- outbox\``)
      out(`Delivery ${inertText(id)} will be tried again at once by the running server\n`)
    }
  }
  if (name === "discarded" && rest.length === 0) return async (store, out) => out(`${(await store.countDiscarded()).bots}\n`)
  if (name === "discarded" && rest.length === 1 && rest[0] === "--repeats") return async (store, out) => out(`${(await store.countDiscarded()).repeats}\n`)
  const email = rest[0]?.trim()
  if (name === "delete" && rest.length === 1 && email) {
    return async (store, out) => out(`Removed ${entries(await store.remove(email))} for ${inertText(email)}\n`)
  }
  return null
}

/**
 * Runs one command of the waitlist CLI and closes the store, so the process
 * can end. Resolves with the exit code: 0 when done, 1 when the store
 * failed, 2 (after printing the usage to stderr) for a missing or bad command.
 */
export async function runWaitlistCommand(args: string[], io: CommandIo): Promise<number> {
  const { openStore, out, err } = io
  const command = commandOf(args)
  if (!command) {
    err(USAGE)
    return 2
  }
  let store: WaitlistStore | undefined
  try {
    store = openStore()
    await command(store, out, io)
    return 0
  } catch (error) {
    err(`waitlist: ${inertText((error as Error).message)}\n`)
    return 1
  } finally {
    await store?.close().catch(() => undefined)
  }
}
