/**
 * The announcements as the admin's pages read them from its API, in JSON
 * (times as ISO text), and what the pages say of them.
 */
import type {
  AnnouncementProgress,
  AnnouncementSummary,
  LanguageProgress,
  SendAudience,
  SendOutcome,
  SentWave,
} from "../admin-api/announcements"
import { LANGUAGES } from "../i18n/languages"

export type { LanguageProgress, SendAudience, SendOutcome }

/** Where a send stands, as JSON. */
export type Progress = Omit<AnnouncementProgress, "createdAt" | "waves"> & {
  createdAt: string
  waves: (Omit<SentWave, "at"> & { at: string })[]
}

/** An announcement of the folder, as JSON. */
export type Announcement = Omit<AnnouncementSummary, "progress"> & { progress: Progress | null }

/** What an action on an announcement said last: the page keeps one message per announcement. */
export type ActionNotice = { tone: "error" | "done"; text: string } | null

/** A language as the admin names it: in itself, with its code ("Español (es)"). */
export const languageLabel = (code: string) =>
  `${LANGUAGES.find((language) => language.code === code)?.name ?? code} (${code})`

/** Where a language stands in the site's order of languages (English first), for lists of them. */
export const languageOrder = (code: string) => LANGUAGES.findIndex((language) => language.code === code)

/** The path of an announcement's route under /api/admin/. */
export const announcementPath = (slug: string, ...rest: string[]) =>
  ["announcements", encodeURIComponent(slug), ...rest].join("/")

/** The sum of a column of a send's languages. */
export const total = (progress: Progress, key: Exclude<keyof LanguageProgress, "lang">) =>
  progress.languages.reduce((sum, row) => sum + row[key], 0)

/** Whether mails of a send still wait to go out while it is not paused: the page then follows it. */
export const isUnderWay = (progress: Progress | null) =>
  progress !== null && progress.state === "sending" && total(progress, "waiting") > 0
