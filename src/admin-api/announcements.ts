/**
 * The announcements as the admin's API answers them and the command line
 * prints them: where a send stands, what it queued, whom it would reach.
 */
import type { Wave } from "../waitlist/wave"

/** Whether an announcement's mails go out, or wait: paused by the operator, or by itself (see AUTO_PAUSE). */
export type SendState = "sending" | "paused"

/** What a send queued this time: mails per language, and how many entries were left out because their address is suppressed. */
export type SendOutcome = {
  queued: Record<string, number>
  suppressed: number
  state: SendState
  pausedReason: string | null
}

/** Where one language of an announcement stands. `waiting`: queued, not yet tried to the end, entry still there. */
export type LanguageProgress = {
  lang: string
  queued: number
  sent: number
  failed: number
  bounced: number
  complained: number
  left: number
  waiting: number
}

/** Where an announcement stands, per language. */
export type AnnouncementProgress = {
  slug: string
  state: SendState
  pausedReason: string | null
  createdAt: Date
  languages: LanguageProgress[]
  waves: SentWave[]
}

/** One send of an announcement: the wave it was narrowed to, when, and the mails it queued. */
export type SentWave = Wave & { at: Date; queued: number }

/** Who a send would reach now: the confirmed entries with no mail of it yet, by the language each would get, and how many are left out as suppressed. */
export type SendAudience = { readers: Record<string, number>; suppressed: number }

/** An announcement of the folder as a list shows it: each language's subject and preheader (as a reader named SAMPLE_NAME gets them), what keeps it from being sent, and where its send stands (null: never sent). */
export type AnnouncementSummary = {
  slug: string
  versions: { lang: string; subject: string; preheader: string }[]
  problems: string[]
  progress: AnnouncementProgress | null
}
