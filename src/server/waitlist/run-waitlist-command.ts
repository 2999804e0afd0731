import { entriesToCsv } from "./entries-to-csv"
import { inertText } from "./inert-text"
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

The waitlist is the PostgreSQL database of DATABASE_URL when it is set, else
the SQLite file at WAITLIST_DB_PATH (default .data/waitlist.sqlite).
`

/** Where a command reads and writes: the store it opens and the two output streams. */
export type CommandIo = {
  openStore: () => WaitlistStore
  out: (text: string) => void
  err: (text: string) => void
}

type Command = (store: WaitlistStore, out: (text: string) => void) => Promise<void>

const entries = (n: number) => (n === 1 ? "1 entry" : `${n} entries`)

/** The command the arguments name, or null when they name none. */
function commandOf([name, ...rest]: string[]): Command | null {
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
export async function runWaitlistCommand(args: string[], { openStore, out, err }: CommandIo): Promise<number> {
  const command = commandOf(args)
  if (!command) {
    err(USAGE)
    return 2
  }
  let store: WaitlistStore | undefined
  try {
    store = openStore()
    await command(store, out)
    return 0
  } catch (error) {
    err(`waitlist: ${inertText((error as Error).message)}\n`)
    return 1
  } finally {
    await store?.close().catch(() => undefined)
  }
}
