import { openDb, type Db } from "../../src/server/db/db"
import { readSettings } from "../../src/server/settings"
import { NOTHING_TO_DELIVER } from "../../src/server/signup/confirmation-rules"
import { submitSignup, type NewWaitlistEntry } from "../../src/server/signup/sign-up"

/** The database a server started with these settings (environment variables) uses, opened as the CLI does. */
export const openDbOf = (settings: Record<string, string | undefined>): Db => openDb(readSettings(settings).store)

/** Adds an entry as a sign-up without a rate limit or mail would. */
export async function saveEntry(db: Db, entry: NewWaitlistEntry, now = new Date()): Promise<void> {
  await submitSignup(db, { entry, discard: false, rateLimit: null, plan: NOTHING_TO_DELIVER, now })
}

/** Takes a bot's entry (a filled honeypot) down the path of a sign-up, to be thrown away and counted. */
export async function discardEntry(db: Db, entry: NewWaitlistEntry, now = new Date()): Promise<void> {
  await submitSignup(db, { entry, discard: true, rateLimit: null, plan: NOTHING_TO_DELIVER, now })
}
