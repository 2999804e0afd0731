/**
 * The mail's health by mailbox provider as the admin's dashboard reads it
 * from its API and `npm run waitlist -- stats --json` prints it (see mailHealth).
 */
import type { MailboxProvider } from "../waitlist/mailbox-providers"

/** One provider's mail over a period or an announcement. */
export type ProviderHealth = {
  provider: MailboxProvider
  delivered: number
  hardBounces: number
  complaints: number
  hardBounceRate: number | null
  complaintRate: number | null
}

/** The mail's health by provider: over the last days, and for each of the latest announcements (newest first). */
export type MailHealth = {
  days: number
  lastDays: ProviderHealth[]
  announcements: { slug: string; providers: ProviderHealth[] }[]
}
