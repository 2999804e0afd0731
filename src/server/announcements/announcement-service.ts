/**
 * What can be done with an announcement, written once: the CLI
 * (`npm run waitlist -- announce …`) calls these, and so will an admin API.
 * Every function reads the Markdown when it is called, so a send needs no
 * build, and takes its input and output from `AnnouncementIo`.
 */
import path from "path"
import { DEFAULT_LANGUAGE } from "../../i18n/languages"
import { newMessageId, leaveLink } from "../mail/mail-drafts"
import type { SendMail } from "../mail/mail-transport"
import type { MailSettings } from "../settings"
import { linkTokenKey, newLinkToken } from "../waitlist/link-tokens"
import { submissionLanguage } from "../waitlist/plan-submission"
import type { WaitlistStore } from "../waitlist/waitlist-store"
import type { MailMessage } from "../mail/mail-message"
import { announcementMail, testMark } from "./announcement-mail"
import { contentOf, readAnnouncement, type AnnouncementSource } from "./announcement-files"
import type { AnnouncementContent, AnnouncementProgress, SendOutcome } from "./announcement-store"
import { renderAnnouncement } from "./render-announcement"

/** Where the announcement operations read and write. */
export type AnnouncementIo = {
  store: WaitlistStore
  /** The folder of the announcements' Markdown (content/announcements). */
  dir: string
  /** Where previews are written, a folder per announcement (.data/announcements). */
  previewDir: string
  mail: MailSettings
  /** How a test mail leaves (the same transport as every mail). */
  sendMail: SendMail
  /** Writes a preview file, its folder made first. */
  writeFile: (file: string, data: string | Buffer) => void
  /** Writes a mail as an .eml file's bytes. */
  eml: (mail: MailMessage) => Promise<Buffer>
  now: () => Date
}

/** An announcement that cannot be used as it is written: every problem, each naming its file. */
export class AnnouncementNotReadyError extends Error {
  constructor(readonly problems: string[]) {
    super(`the announcement cannot be sent as written:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`)
    this.name = "AnnouncementNotReadyError"
  }
}

/** The name a preview or a test greets: a sample, as a reader's would be. */
const SAMPLE_NAME = "Ana"

/** The announcement's files, checked. @throws AnnouncementNotReadyError */
export function checkedAnnouncement(io: Pick<AnnouncementIo, "dir" | "mail">, slug: string): AnnouncementSource {
  const source = readAnnouncement(io.dir, slug, io.mail.siteUrl)
  if (source.problems.length > 0) throw new AnnouncementNotReadyError(source.problems)
  return source
}

/**
 * Writes each language's mail (or only `lang`'s) as `<lang>.eml` and
 * `<lang>.html` into the preview folder of the announcement, as a reader
 * named SAMPLE_NAME would get it (its leave link opens no one's entry).
 * @returns the files written
 */
export async function previewAnnouncement(io: AnnouncementIo, slug: string, lang?: string): Promise<string[]> {
  const versions = checkedAnnouncement(io, slug).versions.filter((version) => lang === undefined || version.lang === lang)
  if (versions.length === 0) throw new Error(`${slug} has no version in "${lang}": write content/announcements/${slug}.${lang}.md`)
  const files: string[] = []
  for (const version of versions) {
    const rendered = renderAnnouncement(version, io.mail.siteUrl)
    const reader = { name: SAMPLE_NAME, email: "reader@example.com", leaveUrl: leaveLink(io.mail.siteUrl, "preview", version.lang) }
    const mail = announcementMail(rendered, reader, io.mail, newMessageId(io.mail.siteUrl))
    const base = path.join(io.previewDir, slug, version.lang)
    io.writeFile(`${base}.eml`, await io.eml(mail))
    io.writeFile(`${base}.html`, mail.html ?? "")
    files.push(`${base}.eml`, `${base}.html`)
  }
  return files
}

/**
 * Sends every language's version to one address, each marked as a test in
 * its subject and above its text. A suppressed address gets none.
 * @returns the language and subject of each mail sent
 */
export async function testAnnouncement(io: AnnouncementIo, slug: string, to: string): Promise<{ lang: string; subject: string }[]> {
  const { versions } = checkedAnnouncement(io, slug)
  if (await io.store.bounces.isSuppressed(to)) throw new Error("that address is suppressed (a bounce or a complaint): it gets no mail; `unsuppress` lifts it")
  const sent: { lang: string; subject: string }[] = []
  for (const version of versions) {
    const rendered = renderAnnouncement(version, io.mail.siteUrl)
    const reader = { name: SAMPLE_NAME, email: to, leaveUrl: leaveLink(io.mail.siteUrl, "test", version.lang) }
    const mail = announcementMail(rendered, reader, io.mail, newMessageId(io.mail.siteUrl), testMark(slug, version.lang))
    await io.sendMail(io.mail.bounceAddress ? { ...mail, envelopeFrom: io.mail.bounceAddress } : mail)
    sent.push({ lang: version.lang, subject: mail.subject })
  }
  return sent
}

/** The language of a reader's mail: that of their newest sign-up's page, when the announcement has it; else English. */
export const readerLanguage = (content: AnnouncementContent, metadata: Record<string, unknown>): string => {
  const wanted = submissionLanguage(metadata)
  return content[wanted] ? wanted : DEFAULT_LANGUAGE
}

/**
 * Queues one mail for each confirmed entry that is not suppressed and has
 * none of this announcement yet, in its language, each with a leave link
 * of its own and a Message-ID fixed now; running it again queues only
 * entries confirmed since. The running server delivers them.
 */
export async function sendAnnouncement(io: AnnouncementIo, slug: string): Promise<SendOutcome> {
  const content = contentOf(checkedAnnouncement(io, slug))
  return io.store.announcements.send(
    slug,
    content,
    (reader) => {
      const leaveToken = newLinkToken()
      return {
        lang: readerLanguage(content, reader.metadata),
        leaveTokenKey: linkTokenKey(leaveToken),
        payload: JSON.stringify({ kind: "announcement", messageId: newMessageId(io.mail.siteUrl), name: reader.name, leaveToken }),
      }
    },
    io.now(),
  )
}

/** Where one announcement stands, or every one sent. */
export const announcementProgress = (io: Pick<AnnouncementIo, "store">, slug?: string): Promise<AnnouncementProgress[]> => io.store.announcements.progress(slug)

/** Holds an announcement's waiting mails, or lets them go again; false when it was never sent or is already so. */
export const pauseAnnouncement = (io: Pick<AnnouncementIo, "store">, slug: string, paused: boolean): Promise<boolean> => io.store.announcements.setPaused(slug, paused)
