/**
 * What can be done with an announcement, written once: the CLI
 * (`npm run waitlist -- announce …`) and the admin's API call these.
 * Every function reads the Markdown when it is called, so a send needs no
 * build, and takes its input and output from `AnnouncementIo`; what
 * changes something is recorded in the audit log, naming who asked.
 */
import { DEFAULT_LANGUAGE } from "../../i18n/languages"
import type { AuditedBy } from "../audit/audit-log"
import type { Db } from "../db/db"
import type { MailMessage } from "../mails/mail-message"
import type { SendMail } from "../mails/mail-transport"
import { newMessageId } from "../mails/message-id"
import { sendTestMails } from "../markdown-mail/test-sends"
import { writePreviews, type PreviewFiles } from "../markdown-mail/preview-files"
import type { MailSettings } from "../settings"
import { linkTokenKey, newLinkToken } from "../entries/link-tokens"
import { leaveLink } from "../entries/mail-links"
import { submissionLanguage } from "../entries/submission-language"
import type { AnnouncementDraft } from "./announcement-mail"
import { listMail, testMark } from "../markdown-mail/list-mail"
import { MailNotReadyError, mailSlugs } from "../markdown-mail/mail-files"
import { contentOf, readAnnouncement, type AnnouncementSource } from "./announcement-files"
import { NAME_SLOT } from "../markdown-mail/mail-tokens"
import {
  announcementAudienceOf,
  announcementProgressOf,
  queueAnnouncement,
  setAnnouncementPaused,
  type AnnouncementContent,
  type WaveFilter,
} from "./announcement-queries"
import type {
  AnnouncementProgress,
  AnnouncementSummary,
  SendAudience,
  SendOutcome,
} from "../../admin-api/announcements"
import { isWholeList, platformOf, waveText, WHOLE_LIST, type Wave } from "../../waitlist/wave"
import { renderMail } from "../markdown-mail/render-mail"
import { hasPostalAddress, NO_POSTAL_ADDRESS } from "../mails/postal-line"
import { rewardTiers, tierNamed } from "../rewards/reward-tiers"

/** Where the announcement operations read and write. */
export type AnnouncementIo = {
  db: Db
  /** The folder of the announcements' Markdown (ANNOUNCEMENTS_DIR, content/announcements by default). */
  dir: string
  mail: MailSettings
  /** How a test mail leaves (the same transport as every mail). */
  sendMail: SendMail
  now: () => Date
  /** The places a credited referral moves its referrer ahead (REFERRAL_BOOST), for the places of a wave. */
  referralBoost: number
  /** The rewards' tiers (REWARDS_FILE), which a wave `rewarded` names one of. */
  rewardsFile: string
}

/** The site's facts hold no postal address, which every announcement ends with (see NO_POSTAL_ADDRESS). */
export class NoPostalAddressError extends Error {
  constructor() {
    super(NO_POSTAL_ADDRESS)
    this.name = "NoPostalAddressError"
  }
}

/** A wave was narrowed to a language the announcement has no version in, or to a reward's tier that does not exist. */
export class NoSuchVersionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "NoSuchVersionError"
  }
}

/** The name a preview or a test greets: a sample, as a reader's would be. */
const SAMPLE_NAME = "Ana"

/** The announcement's files, checked. @throws MailNotReadyError */
export function checkedAnnouncement(io: Pick<AnnouncementIo, "dir" | "mail">, slug: string): AnnouncementSource {
  const source = readAnnouncement(io.dir, slug, io.mail.siteUrl)
  if (source.problems.length > 0) throw new MailNotReadyError(source.problems, "announcement")
  return source
}

/**
 * Each language's mail (or only `lang`'s) as a reader named SAMPLE_NAME
 * would get it, its leave link opening no one's entry: what a preview
 * shows. @throws MailNotReadyError
 */
export function previewMails(
  io: Pick<AnnouncementIo, "dir" | "mail">,
  slug: string,
  lang?: string,
): { lang: string; mail: MailMessage }[] {
  const versions = checkedAnnouncement(io, slug).versions.filter(
    (version) => lang === undefined || version.lang === lang,
  )
  return versions.map((version) => {
    const reader = {
      name: SAMPLE_NAME,
      email: "reader@example.com",
      leaveUrl: leaveLink(io.mail.siteUrl, "preview", version.lang),
    }
    return {
      lang: version.lang,
      mail: listMail(renderMail(version, io.mail.siteUrl), reader, io.mail, newMessageId(io.mail.siteUrl), {
        campaign: "announcement",
      }),
    }
  })
}

/**
 * Writes each language's mail (or only `lang`'s) as `<lang>.eml` and
 * `<lang>.html` into the preview folder of the announcement (see
 * previewMails).
 * @returns the files written
 */
export async function previewAnnouncement(
  io: Omit<AnnouncementIo, "db" | "sendMail" | "now"> & PreviewFiles,
  slug: string,
  lang?: string,
): Promise<string[]> {
  const mails = previewMails(io, slug, lang)
  if (mails.length === 0)
    throw new Error(`${slug} has no version in "${lang}": write content/announcements/${slug}.${lang}.md`)
  return writePreviews(io, slug, mails)
}

/**
 * Sends every language's version to one address, each marked as a test in
 * its subject and above its text (see sendTestMails for the limits and the
 * audit log), its leave link opening no one's entry.
 * @returns the language and subject of each mail sent
 * @throws TestLimitError, SuppressedAddressError, or the transport's error
 */
export async function testAnnouncement(
  io: AnnouncementIo,
  slug: string,
  to: string,
  by: AuditedBy,
): Promise<{ lang: string; subject: string }[]> {
  const mails = checkedAnnouncement(io, slug).versions.map((version) => ({
    lang: version.lang,
    mail: listMail(
      renderMail(version, io.mail.siteUrl),
      { name: SAMPLE_NAME, email: to, leaveUrl: leaveLink(io.mail.siteUrl, "test", version.lang) },
      io.mail,
      newMessageId(io.mail.siteUrl),
      { campaign: "announcement", test: testMark(slug, version.lang) },
    ),
  }))
  return sendTestMails(io, { action: "announcement-test", name: slug, to, by, mails })
}

/** The language of a reader's mail: that of their newest sign-up's page, when the announcement has it; else English. */
export const readerLanguage = (content: AnnouncementContent, metadata: Record<string, unknown>): string => {
  const wanted = submissionLanguage(metadata)
  return content[wanted] ? wanted : DEFAULT_LANGUAGE
}

/**
 * Queues one mail for each confirmed, unsuppressed entry of the wave that
 * has none of it yet, each with its own leave link and Message-ID; sending
 * again queues only those confirmed since. The running server delivers them.
 * @throws NoPostalAddressError while the site's facts hold no postal address
 */
export async function sendAnnouncement(
  io: AnnouncementIo,
  slug: string,
  by: AuditedBy,
  wave: Wave = WHOLE_LIST,
): Promise<SendOutcome> {
  if (!hasPostalAddress()) throw new NoPostalAddressError()
  const content = contentOf(checkedAnnouncement(io, slug))
  const filter = waveFilter(io, slug, content, wave)
  const now = io.now()
  return queueAnnouncement(
    io.db,
    slug,
    content,
    (reader) => {
      const leaveToken = newLinkToken()
      return {
        lang: readerLanguage(content, reader.metadata),
        leaveTokenKey: linkTokenKey(leaveToken),
        payload: JSON.stringify({
          kind: "announcement",
          messageId: newMessageId(io.mail.siteUrl),
          name: reader.name,
          leaveToken,
        } satisfies AnnouncementDraft),
      }
    },
    now,
    { action: "announcement-send", ...by, at: now, detail: isWholeList(wave) ? slug : `${slug}: ${waveText(wave)}` },
    filter,
  )
}

/** Whom `send` would queue a mail for now (in a wave), per language, and how many it would leave out as suppressed; nothing is queued. */
export async function announcementAudience(
  io: AnnouncementIo,
  slug: string,
  wave: Wave = WHOLE_LIST,
): Promise<SendAudience> {
  const content = contentOf(checkedAnnouncement(io, slug))
  return announcementAudienceOf(
    io.db,
    slug,
    (metadata) => readerLanguage(content, metadata),
    waveFilter(io, slug, content, wave),
  )
}

/**
 * A wave as the store narrows a send to it: places by the boost of the
 * settings, a reader's language as their mail's, their platform as their
 * newest sign-up's, the tier they earned as the rewards' file names it.
 * @throws NoSuchVersionError for a language the announcement lacks, or a tier the rewards do not have
 */
function waveFilter(
  io: Pick<AnnouncementIo, "referralBoost" | "rewardsFile">,
  slug: string,
  content: AnnouncementContent,
  wave: Wave,
): WaveFilter {
  const { lang, platform, rewarded } = wave
  if (lang !== null && !content[lang])
    throw new NoSuchVersionError(`${slug} has no version in "${lang}": write content/announcements/${slug}.${lang}.md`)
  if (rewarded !== null && !tierNamed(rewardTiers(io.rewardsFile), rewarded))
    throw new NoSuchVersionError(`${io.rewardsFile} has no tier "${rewarded}"`)
  return {
    wave,
    boost: io.referralBoost,
    accepts: (metadata) =>
      (lang === null || readerLanguage(content, metadata) === lang) &&
      (platform === null || platformOf(metadata) === platform),
  }
}

/** Where one announcement stands, or every one sent. */
export const announcementProgress = (io: Pick<AnnouncementIo, "db">, slug?: string): Promise<AnnouncementProgress[]> =>
  announcementProgressOf(io.db, slug)

/**
 * Holds an announcement's waiting mails, or lets them go again, recording
 * it in the audit log; false when it was never sent or is already so.
 */
export function pauseAnnouncement(
  io: Pick<AnnouncementIo, "db" | "now">,
  slug: string,
  paused: boolean,
  by: AuditedBy,
): Promise<boolean> {
  const audit = {
    action: paused ? ("announcement-pause" as const) : ("announcement-resume" as const),
    ...by,
    at: io.now(),
    detail: slug,
  }
  const reason = by.actor.accountId === null ? undefined : `Paused by ${by.actor.label} in the admin`
  return setAnnouncementPaused(io.db, slug, paused, { reason, audit })
}

/** Every announcement of the folder, by name, with where each stands. */
export async function listAnnouncements(
  io: Pick<AnnouncementIo, "db" | "dir" | "mail">,
): Promise<AnnouncementSummary[]> {
  const sent = new Map((await announcementProgressOf(io.db)).map((progress) => [progress.slug, progress]))
  return mailSlugs(io.dir).map((slug) => summaryOf(io, slug, sent.get(slug) ?? null))
}

/** One announcement of the folder with where it stands; null when the folder has no such announcement. */
export async function announcementSummary(
  io: Pick<AnnouncementIo, "db" | "dir" | "mail">,
  slug: string,
): Promise<AnnouncementSummary | null> {
  if (!mailSlugs(io.dir).includes(slug)) return null
  const [progress] = await announcementProgressOf(io.db, slug)
  return summaryOf(io, slug, progress ?? null)
}

function summaryOf(
  io: Pick<AnnouncementIo, "dir" | "mail">,
  slug: string,
  progress: AnnouncementProgress | null,
): AnnouncementSummary {
  const { versions, problems } = readAnnouncement(io.dir, slug, io.mail.siteUrl)
  const sample = (text: string) => text.split(NAME_SLOT).join(SAMPLE_NAME)
  const shown =
    problems.length > 0
      ? []
      : versions
          .map((version) => renderMail(version, io.mail.siteUrl))
          .map(({ lang, subject, preheader }) => ({ lang, subject: sample(subject), preheader: sample(preheader) }))
  return { slug, versions: shown, problems, progress }
}
