import { listEntries, type WaitlistEntry } from "../../src/server/entries/entry-list"
import { openDbOf } from "../../test/support/waitlist-store-access"

/** The entry stored for this address in the server's SQLite file, read as the waitlist itself reads it. */
export async function storedEntry(email: string): Promise<WaitlistEntry | undefined> {
  const file = process.env.E2E_WAITLIST_DB_PATH
  if (!file) throw new Error("E2E_WAITLIST_DB_PATH is not set: run the suite through playwright.config.ts")
  const store = openDbOf({ WAITLIST_DB_PATH: file })
  try {
    return (await listEntries(store)).find((entry) => entry.email === email)
  } finally {
    await store.close()
  }
}
