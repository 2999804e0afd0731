/**
 * What can be done with an announcement, written once: the CLI
 * (`npm run waitlist -- announce …`) and the admin's API call these.
 * Every function reads the Markdown when it is called, so a send needs no
 * build, and takes its input and output from `AnnouncementIo`; what
 * changes something is recorded in the audit log, naming who asked.
 */
import path from "path"
import { DEFAULT_LANGUAGE } from "../../i18n/languages"
import { mailboxHash } from "../addresses/address-hash"
import { auditLinesSince, recordAudit, type AuditedBy } from "../audit/audit-log"
import { isAddressSuppressed } from "../bounces/suppressions"
import type { Db } from "../db/db"
import type { MailMessage } from "../mails/mail-message"
import type { SendMail } from "../mails/mail-transport"
import { newMessageId } from "../mails/message-id"
import { tryDeadlineMs } from "../outbox/outbox-worker"
import type { MailSettings } from "../settings"
import { linkTokenKey, newLinkToken } from "../entries/link-tokens"
import { leaveLink } from "../entries/mail-links"
import { submissionLanguage } from "../entries/submission-language"
import { announcementMail, testMark, type AnnouncementDraft } from "./announcement-mail"
import { announcementSlugs, contentOf, readAnnouncement, type AnnouncementSource } from "./announcement-files"
import { NAME_SLOT } from "./announcement-markdown"
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
import { hasPostalAddress, NO_POSTAL_ADDRESS } from "../mails/postal-line"
import { renderAnnouncement } from "./render-announcement"
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

/** Where the CLI's previews go: a folder per announcement (.data/announcements), each mail as an .eml file and its HTML. */
export type PreviewFiles = {
  previewDir: string
  /** Writes a preview file, its folder made first. */
  writeFile: (file: string, data: string | Buffer) => void
  /** Writes a mail as an .eml file's bytes. */
  eml: (mail: MailMessage) => Promise<Buffer>
}

/** An announcement that cannot be used as it is written: every problem, each naming its file. */
export class AnnouncementNotReadyError extends Error {
  constructor(readonly problems: string[]) {
    super(`the announcement cannot be sent as written:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`)
    this.name = "AnnouncementNotReadyError"
  }
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

/** The announcement's files, checked. @throws AnnouncementNotReadyError */
export function checkedAnnouncement(io: Pick<AnnouncementIo, "dir" | "mail">, slug: string): AnnouncementSource {
  const source = readAnnouncement(io.dir, slug, io.mail.siteUrl)
  if (source.problems.length > 0) throw new AnnouncementNotReadyError(source.problems)
  return source
}

/** How many test sends an account may make in an hour, and a mailbox may receive in any spelling (whichever account sends; see mailboxKey): a check of the wording, not a way to mail people. */
export const TEST_SENDS_PER_HOUR = 5

const HOUR_MS = 60 * 60 * 1000

/** A test send past the hour's limit of its account or its recipient, or while another to either is under way. */
export class TestLimitError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    reason: string,
  ) {
    super(reason)
    this.name = "TestLimitError"
  }
}

/** The accounts and recipients whose test send is under way in this process: one at a time each. */
const underWay = new Set<string>()

/** A test went to an address that is suppressed (a bounce or a complaint): it gets no mail of any kind. */
export class SuppressedAddressError extends Error {
  constructor() {
    super("that address is suppressed (a bounce or a complaint): it gets no mail; `unsuppress` lifts it")
    this.name = "SuppressedAddressError"
  }
}

/**
 * Each language's mail (or only `lang`'s) as a reader named SAMPLE_NAME
 * would get it, its leave link opening no one's entry: what a preview
 * shows. @throws AnnouncementNotReadyError
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
      mail: announcementMail(
        renderAnnouncement(version, io.mail.siteUrl),
        reader,
        io.mail,
        newMessageId(io.mail.siteUrl),
      ),
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
  const files: string[] = []
  for (const { lang: code, mail } of mails) {
    const base = path.join(io.previewDir, slug, code)
    io.writeFile(`${base}.eml`, await io.eml(mail))
    io.writeFile(`${base}.html`, mail.html ?? "")
    files.push(`${base}.eml`, `${base}.html`)
  }
  return files
}

/**
 * Sends every language's version to one address, marked as a test, within
 * an outbox try's deadline, and records the attempt in the audit log
 * whatever came of it. At most TEST_SENDS_PER_HOUR by an account and to an
 * address; none to a suppressed one.
 * @returns the language and subject of each mail sent
 * @throws TestLimitError, SuppressedAddressError, or the transport's error
 */
export async function testAnnouncement(
  io: AnnouncementIo,
  slug: string,
  to: string,
  by: AuditedBy,
): Promise<{ lang: string; subject: string }[]> {
  const { versions } = checkedAnnouncement(io, slug)
  const subjectHash = await io.db.read(async () => mailboxHash(io.db, to))
  const audit = (detail: string) =>
    recordAudit(io.db, { action: "announcement-test", ...by, at: io.now(), subjectHash, detail })
  const keys = [`to:${subjectHash}`, ...(by.actor.accountId === null ? [] : [`by:${by.actor.accountId}`])]
  if (keys.some((key) => underWay.has(key))) {
    await audit(`${slug}: refused, another test send to this address or by this account is under way`)
    throw new TestLimitError(5, "another test send to this address or by this account is under way")
  }
  for (const key of keys) underWay.add(key)
  try {
    const now = io.now()
    const { byAccount, aboutSubject } = await auditLinesSince(
      io.db,
      "announcement-test",
      new Date(now.getTime() - HOUR_MS),
      { accountId: by.actor.accountId, subjectHash },
    )
    const over = [byAccount, aboutSubject].filter(
      (lines) => lines.count >= TEST_SENDS_PER_HOUR && lines.oldest !== null,
    )
    if (over.length > 0) {
      const freed = Math.max(...over.map((lines) => (lines.oldest?.getTime() ?? 0) + HOUR_MS))
      const who = aboutSubject.count >= TEST_SENDS_PER_HOUR ? "to this address" : "by this account"
      await audit(`${slug}: refused, ${TEST_SENDS_PER_HOUR} test sends ${who} in the last hour`)
      throw new TestLimitError(
        Math.max(1, Math.ceil((freed - now.getTime()) / 1000)),
        `${TEST_SENDS_PER_HOUR} test sends ${who} in the last hour already`,
      )
    }
    if (await isAddressSuppressed(io.db, to)) {
      await audit(`${slug}: not sent, the address is suppressed`)
      throw new SuppressedAddressError()
    }
    return await sendTests(io, slug, versions, to, audit)
  } finally {
    for (const key of keys) underWay.delete(key)
  }
}

/** Sends the test of each version within one outbox try's deadline, and records which went. */
async function sendTests(
  io: AnnouncementIo,
  slug: string,
  versions: AnnouncementSource["versions"],
  to: string,
  audit: (detail: string) => Promise<void>,
) {
  const deadline = AbortSignal.timeout(tryDeadlineMs(io.mail.leaseMs))
  const sent: { lang: string; subject: string }[] = []
  let failure: string | null = null
  try {
    for (const version of versions) {
      deadline.throwIfAborted()
      const rendered = renderAnnouncement(version, io.mail.siteUrl)
      const reader = { name: SAMPLE_NAME, email: to, leaveUrl: leaveLink(io.mail.siteUrl, "test", version.lang) }
      const mail = announcementMail(
        rendered,
        reader,
        io.mail,
        newMessageId(io.mail.siteUrl),
        testMark(slug, version.lang),
      )
      await io.sendMail(io.mail.bounceAddress ? { ...mail, envelopeFrom: io.mail.bounceAddress } : mail, deadline)
      sent.push({ lang: version.lang, subject: mail.subject })
    }
  } catch (error) {
    failure = deadline.aborted
      ? `nothing came back within ${tryDeadlineMs(io.mail.leaseMs) / 1000} s`
      : ((error as Error).message.split("\n")[0]?.slice(0, 200) ?? "failed")
    throw deadline.aborted ? new Error(failure) : error
  } finally {
    const failed =
      failure === null ? "" : `; the ${versions[sent.length]?.lang} one failed (${failure}), and the rest were not sent`
    await audit(
      `${slug}: ${sent.length > 0 ? `sent ${sent.map((mail) => mail.lang).join(", ")}` : "none sent"}${failed}`,
    )
  }
  return sent
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
  return announcementSlugs(io.dir).map((slug) => summaryOf(io, slug, sent.get(slug) ?? null))
}

/** One announcement of the folder with where it stands; null when the folder has no such announcement. */
export async function announcementSummary(
  io: Pick<AnnouncementIo, "db" | "dir" | "mail">,
  slug: string,
): Promise<AnnouncementSummary | null> {
  if (!announcementSlugs(io.dir).includes(slug)) return null
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
          .map((version) => renderAnnouncement(version, io.mail.siteUrl))
          .map(({ lang, subject, preheader }) => ({ lang, subject: sample(subject), preheader: sample(preheader) }))
  return { slug, versions: shown, problems, progress }
}
