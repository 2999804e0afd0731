import { readSettings } from "../../src/server/settings"
import { openWaitlistStore } from "../../src/server/waitlist/open-waitlist-store"
import { NOTHING_TO_DELIVER } from "../../src/server/waitlist/plan-deliveries"
import type { NewWaitlistEntry, WaitlistStore } from "../../src/server/waitlist/waitlist-store"

/** The store a server started with these settings (environment variables) uses, opened as the CLI does. */
export const openStoreOf = (settings: Record<string, string | undefined>): WaitlistStore => openWaitlistStore(readSettings(settings).store)

/** Adds an entry as a sign-up without a rate limit or mail would. */
export async function saveEntry(store: WaitlistStore, entry: NewWaitlistEntry, now = new Date()): Promise<void> {
  await store.submit({ entry, discard: false, rateLimit: null, plan: NOTHING_TO_DELIVER, now })
}

/** Takes a bot's entry (a filled honeypot) down the path of a sign-up, to be thrown away and counted. */
export async function discardEntry(store: WaitlistStore, entry: NewWaitlistEntry, now = new Date()): Promise<void> {
  await store.submit({ entry, discard: true, rateLimit: null, plan: NOTHING_TO_DELIVER, now })
}
