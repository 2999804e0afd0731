/**
 * The announcements editors write in content/announcements/ (see
 * markdown-mail/mail-files.ts for how such files are read and checked):
 * each with frontmatter `subject` and an optional `preheader`, its body
 * taking the reader's name.
 */
import { readMailSource } from "../markdown-mail/mail-files"
import { ANNOUNCEMENT } from "../markdown-mail/mail-markdown"
import type { MailVersion } from "../markdown-mail/render-mail"
import type { AnnouncementContent } from "./announcement-queries"

/** An announcement as its files say it: each language's version, and what is wrong with them (nothing: it may be sent). */
export type AnnouncementSource = { slug: string; versions: MailVersion[]; problems: string[] }

/** Reads and checks an announcement (see readMailSource). */
export function readAnnouncement(dir: string, slug: string, siteUrl: string): AnnouncementSource {
  const { versions, problems } = readMailSource(dir, slug, siteUrl, ANNOUNCEMENT)
  return { slug, versions, problems }
}

/** An announcement's text as a send records it: each version's subject, preheader and body, by language. */
export const contentOf = (source: AnnouncementSource): AnnouncementContent =>
  Object.fromEntries(source.versions.map(({ lang, subject, preheader, body }) => [lang, { subject, preheader, body }]))
