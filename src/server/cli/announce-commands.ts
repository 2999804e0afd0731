/**
 * `npm run waitlist -- announce …`: the announcement service's operations
 * (see announcement-service.ts) as commands, their results as text. What
 * a store holds is printed through inertText, so nothing in it can act on
 * the terminal.
 */
import { parseArgs } from "node:util"
import { BY_COMMAND_LINE } from "../audit/audit-log"
import { isSlug } from "../markdown-mail/mail-files"
import type { AnnouncementProgress, SendAudience, SendOutcome } from "../../admin-api/announcements"
import { isWholeList, waveText, WHOLE_LIST, type Wave } from "../../waitlist/wave"
import { waveSchema } from "../announcements/wave-schema"
import {
  announcementAudience,
  announcementProgress,
  pauseAnnouncement,
  previewAnnouncement,
  sendAnnouncement,
  testAnnouncement,
  type AnnouncementIo,
} from "../announcements/announcement-service"
import type { PreviewFiles } from "../markdown-mail/preview-files"
import { alignedColumns } from "./aligned-columns"
import { inertText } from "./inert-text"
import { counted } from "../../words/counted"

/** A command of `announce`, once its arguments are read: it runs with the service's I/O and prints. */
export type AnnounceCommand = (io: AnnouncementIo & PreviewFiles, out: (text: string) => void) => Promise<void>

const BAR_WIDTH = 30

/** `[#########.....] 45%`: the share of a send's mails that are done (sent, failed or their entry gone). */
export function progressBar(done: number, total: number): string {
  const share = total === 0 ? 1 : done / total
  const filled = Math.round(share * BAR_WIDTH)
  return `[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}%`
}

const COLUMNS = ["language", "queued", "sent", "failed", "bounced", "complained", "left"] as const

/** Where an announcement stands: its state, a progress bar while mails wait, and a table per language with the total. */
export function progressText(announcement: AnnouncementProgress): string {
  const { languages } = announcement
  const sum = (key: Exclude<(typeof COLUMNS)[number], "language"> | "waiting") =>
    languages.reduce((total, row) => total + row[key], 0)
  const queued = sum("queued")
  const waiting = sum("waiting")
  const lines = [
    `${inertText(announcement.slug)}: queued ${announcement.createdAt.toISOString()}, ${counted(queued, "mail")}`,
  ]
  if (announcement.state === "paused")
    lines.push(
      `${inertText(announcement.pausedReason ?? "Paused")}. \`npm run waitlist -- announce resume ${inertText(announcement.slug)}\` sends the ${counted(waiting, "waiting mail")}.`,
    )
  else if (waiting > 0)
    lines.push(
      `sending: ${progressBar(queued - waiting, queued)} (${queued - waiting} of ${queued} done, ${waiting} waiting)`,
    )
  else lines.push("done: every mail was sent, failed, or its entry left")
  const rows = [
    ...languages.map((row) => [row.lang, ...COLUMNS.slice(1).map((key) => String(row[key as keyof typeof row]))]),
    ["total", ...COLUMNS.slice(1).map((key) => String(sum(key as "queued")))],
  ]
  const waves = announcement.waves.map(
    (wave, i) => `  ${i + 1}. ${wave.at.toISOString()}  ${waveText(wave)}: ${counted(wave.queued, "mail")} queued`,
  )
  return (
    [
      ...lines,
      "",
      alignedColumns([COLUMNS, ...rows], (column) => column >= 1),
      ...(waves.length > 0 ? ["", "waves:", ...waves] : []),
    ].join("\n") + "\n"
  )
}

/** What `announce preview` prints of a wave: whom its send would mail now. */
export function waveAudienceText(slug: string, wave: Wave, audience: SendAudience): string {
  const readers = Object.entries(audience.readers)
  const total = readers.reduce((sum, [, n]) => sum + n, 0)
  const perLanguage = readers.map(([lang, n]) => `${lang} ${n}`).join(", ")
  const suppressed = audience.suppressed > 0 ? ` Left out: ${audience.suppressed} suppressed.` : ""
  return `A send of ${slug} to ${waveText(wave)} would mail ${total} now${total > 0 ? `: ${perLanguage}` : ""}.${suppressed}\n`
}

/** What `announce send` prints. */
export function sendText(slug: string, outcome: SendOutcome, wave: Wave = WHOLE_LIST): string {
  const total = Object.values(outcome.queued).reduce((sum, n) => sum + n, 0)
  const perLanguage = Object.entries(outcome.queued).map(([lang, n]) => `${lang} ${n}`)
  const to = isWholeList(wave) ? "" : ` to ${waveText(wave)}`
  return (
    [
      total === 0
        ? `Queued no new mail of ${slug}${to}: ${isWholeList(wave) ? "every confirmed entry has" : "all of them have"} one already.`
        : `Queued ${counted(total, "mail")} of ${slug}${to}: ${perLanguage.join(", ")}.`,
      ...(outcome.suppressed > 0
        ? [
            `Left out ${counted(outcome.suppressed, "confirmed entry", "confirmed entries")} whose address is suppressed.`,
          ]
        : []),
      outcome.state === "paused"
        ? `${inertText(outcome.pausedReason ?? "Paused")}. \`npm run waitlist -- announce resume ${slug}\` lets its mails go.`
        : `The running server delivers them; \`npm run waitlist -- announce status ${slug}\` shows how far it got.`,
    ].join("\n") + "\n"
  )
}

/** Reads the arguments after `announce`; a string says what is wrong with them. */
export function announceCommandOf(args: string[]): AnnounceCommand | string {
  let parsed
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        lang: { type: "string" },
        to: { type: "string" },
        first: { type: "string" },
        platform: { type: "string" },
        rewarded: { type: "string" },
      },
    })
  } catch (error) {
    return (error as Error).message
  }
  const [action = "", slug, ...extra] = parsed.positionals
  const { lang, to, first, platform, rewarded } = parsed.values
  const read = waveSchema.safeParse({ first, lang, platform, rewarded })
  if (!read.success)
    return "--first takes a whole number from 1, --lang a language code (es, pt-br), --platform ios, android or desktop, --rewarded a reward's tier (early-access)"
  const wave =
    first === undefined &&
    platform === undefined &&
    rewarded === undefined &&
    (lang === undefined || action === "preview")
      ? WHOLE_LIST
      : read.data
  if (extra.length > 0) return `announce ${action} takes one announcement`
  if (action === "status" && slug === undefined && !lang && !to && !first && !platform && !rewarded) {
    return async (io, out) => {
      const all = await announcementProgress(io)
      out(all.length === 0 ? "No announcement has been sent yet.\n" : all.map(progressText).join("\n"))
    }
  }
  if (slug === undefined || !isSlug(slug))
    return `announce ${action} needs an announcement's name: the file name of content/announcements/<name>.md`
  if (
    ((lang || first || platform || rewarded) && action !== "preview" && action !== "send") ||
    (to && action !== "test")
  )
    return `--lang, --first, --platform and --rewarded go with preview and send, --to with test`
  switch (action) {
    case "preview":
      return async (io, out) => {
        out(`Wrote:\n${(await previewAnnouncement(io, slug, lang)).map((file) => `  ${file}\n`).join("")}`)
        // A wave's count before it goes: the first N in line, narrowed by language, platform and reward.
        if (first !== undefined || platform !== undefined || rewarded !== undefined)
          out(waveAudienceText(slug, read.data, await announcementAudience(io, slug, read.data)))
      }
    case "test":
      if (!to) return "announce test needs --to <address>"
      return async (io, out) => {
        const sent = await testAnnouncement(io, slug, to, BY_COMMAND_LINE)
        out(
          `Sent ${counted(sent.length, "test mail")} to ${inertText(to)}:\n${sent.map(({ lang: code, subject }) => `  ${code}: ${inertText(subject)}\n`).join("")}`,
        )
      }
    case "send":
      return async (io, out) => out(sendText(slug, await sendAnnouncement(io, slug, BY_COMMAND_LINE, wave), wave))
    case "status":
      return async (io, out) => {
        const [found] = await announcementProgress(io, slug)
        if (!found) throw new Error(`${slug} has not been sent: \`npm run waitlist -- announce send ${slug}\` sends it`)
        out(progressText(found))
      }
    case "pause":
    case "resume":
      return async (io, out) => {
        const paused = action === "pause"
        if (!(await pauseAnnouncement(io, slug, paused, BY_COMMAND_LINE)))
          throw new Error(`${slug} has not been sent, or is ${paused ? "paused" : "sending"} already`)
        out(
          paused
            ? `Paused ${slug}: its waiting mails stay queued until \`announce resume ${slug}\`.\n`
            : `Resumed ${slug}: the running server sends its waiting mails.\n`,
        )
      }
    default:
      return `announce has no command "${inertText(action)}"`
  }
}
