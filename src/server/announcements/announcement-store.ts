import type { AnnouncementVersion } from "../waitlist/deliveries"

/** An announcement's text in each of its languages, as sent: `en` always, the others where written. */
export type AnnouncementContent = Record<string, Omit<AnnouncementVersion, "slug" | "lang">>

/** An entry an announcement is about to be queued for: its name, address and newest metadata (whose `locale` picks the language). */
export type AnnouncementRecipient = { name: string; email: string; metadata: Record<string, unknown> }

/** The outbox's draft of one entry's mail, in the language chosen for it, with the key of its new leave link. */
export type QueuedAnnouncementMail = { lang: string; payload: string; leaveTokenKey: string }

/** Whether an announcement's mails go out, or wait: paused by the operator, or by itself (see AUTO_PAUSE). */
export type SendState = "sending" | "paused"

/** What a send queued this time: mails per language, and how many entries were left out because their address is suppressed. */
export type SendOutcome = { queued: Record<string, number>; suppressed: number; state: SendState; pausedReason: string | null }

/** Where one language of an announcement stands. `waiting`: queued, not yet tried to the end, entry still there. */
export type LanguageProgress = { lang: string; queued: number; sent: number; failed: number; bounced: number; complained: number; left: number; waiting: number }

/** Where an announcement stands, per language. */
export type AnnouncementProgress = { slug: string; state: SendState; pausedReason: string | null; createdAt: Date; languages: LanguageProgress[] }

/** An announcement was sent before with another text: its mails keep the text they were queued with. */
export class AnnouncementChangedError extends Error {}

/**
 * The announcements of the waitlist as the store keeps them (see
 * migration 0005). Each flow is written once in the store for both
 * databases; this is what the announcement service calls.
 */
export interface AnnouncementStore {
  /**
   * Queues, in batches, one mail of the announcement for each confirmed
   * entry whose address is not suppressed and that has none of it yet
   * (the table's key makes that so even for two sends at once); `mailFor`
   * drafts each. The first send records the announcement with its text.
   * @throws AnnouncementChangedError when it was sent before with another text
   */
  send(slug: string, content: AnnouncementContent, mailFor: (recipient: AnnouncementRecipient) => QueuedAnnouncementMail, now: Date): Promise<SendOutcome>
  /** Where one announcement stands (none: it was never sent), or every one, newest first, when no slug is given. */
  progress(slug?: string): Promise<AnnouncementProgress[]>
  /** Holds an announcement's waiting mails (`reason` says why) or lets them go again; false when it was never sent or already so. */
  setPaused(slug: string, paused: boolean, reason?: string): Promise<boolean>
}
