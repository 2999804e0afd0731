/**
 * What can be done with the sequences, written once: the server's job that
 * queues the steps as they come due, and what the CLI (`npm run waitlist
 * -- sequence …`) and the admin's API call: a step's preview, its test,
 * and where every step stands. Every function reads the Markdown when it
 * is called, so nothing needs a build.
 */
import type { AuditedBy } from "../audit/audit-log"
import type { Db } from "../db/db"
import { newLinkToken, linkTokenKey } from "../entries/link-tokens"
import { leaveLink } from "../entries/mail-links"
import type { MailMessage } from "../mails/mail-message"
import type { SendMail } from "../mails/mail-transport"
import { newMessageId } from "../mails/message-id"
import { testMark } from "../markdown-mail/list-mail"
import { MailNotReadyError } from "../markdown-mail/mail-files"
import { sendTestMails } from "../markdown-mail/test-sends"
import { writePreviews, type PreviewFiles } from "../markdown-mail/preview-files"
import type { Logger } from "../observability/logger"
import { personalLink } from "../referrals/place-link"
import type { MailSettings } from "../settings"
import { NAME_SLOT } from "../markdown-mail/mail-tokens"
import { renderedMail } from "../markdown-mail/render-mail"
import { readSequence, readStep, STEP, type Sequence, type SequenceStep } from "./sequence-files"
import { stepMail, stepReader, type SequenceDraft } from "./sequence-mail"
import { decideDueSteps, recordSteps, type RunOutcome } from "./sequence-queries"
import { stepStatus } from "./sequence-status"
import type { StepSummary } from "../../admin-api/sequences"
import { delayText } from "./step-delay"

/** Where the sequences' operations read and write. */
export type SequenceIo = {
  db: Db
  /** The folder of the steps' Markdown (SEQUENCES_DIR, content/sequences by default). */
  dir: string
  mail: MailSettings
  /** How a test mail leaves (the same transport as every mail). */
  sendMail: SendMail
  now: () => Date
  /** The places a credited referral moves its referrer ahead (REFERRAL_BOOST), for the places the mails say. */
  referralBoost: number
}

/** How many entries one transaction of the job looks at, and how many such batches one run makes at most: the bounded work of a run. */
export const SEQUENCE_BATCH = 200
export const BATCHES_PER_RUN = 5

/** How often the job runs. */
export const SEQUENCE_EVERY_MS = 15_000

/**
 * One run of the job: records the folder's steps (a new or retimed one has
 * everyone looked at again), then decides the next step of at most
 * BATCHES_PER_RUN × SEQUENCE_BATCH entries whose time has come, queueing
 * their mails. Steps whose files have problems are held: never sent until
 * fixed.
 */
export async function runSequences(io: SequenceIo, now: Date): Promise<RunOutcome & { held: Sequence["held"] }> {
  const { steps, held } = readSequence(io.dir, io.mail.siteUrl)
  await recordSteps(io.db, steps, now)
  const total: RunOutcome = { looked: 0, queued: 0, skipped: 0 }
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const outcome = await decideDueSteps(io.db, {
      steps,
      now,
      max: SEQUENCE_BATCH,
      boost: io.referralBoost,
      mailFor: (step, recipient) => {
        const leaveToken = newLinkToken()
        const draft: SequenceDraft = {
          kind: "sequence",
          messageId: newMessageId(io.mail.siteUrl),
          step: step.name,
          lang: recipient.lang,
          name: recipient.name,
          leaveToken,
          place: recipient.place,
          friendsJoined: recipient.friendsJoined,
        }
        return { payload: JSON.stringify(draft), leaveTokenKey: linkTokenKey(leaveToken) }
      },
    })
    total.looked += outcome.looked
    total.queued += outcome.queued
    total.skipped += outcome.skipped
    if (outcome.looked < SEQUENCE_BATCH) break
  }
  return { ...total, held }
}

/** The server's periodic job of the sequences: each run (see runSequences), the held steps said in the log when they change, the worker told of the mails queued. */
export function sequenceJob(io: SequenceIo, log: Logger, queued: () => void) {
  let heldBefore = ""
  return {
    name: "sequences: queue the steps that came due",
    everyMs: SEQUENCE_EVERY_MS,
    run: async (now: Date) => {
      const outcome = await runSequences(io, now)
      const held = JSON.stringify(outcome.held)
      if (held !== heldBefore && outcome.held.length > 0)
        log.warn({ held: outcome.held }, "sequences: steps with problems are held, and sent to nobody until fixed")
      heldBefore = held
      if (outcome.queued > 0) queued()
    },
  }
}

/** The name a preview or a test greets, and the other values it shows: a sample, as a reader's would be. */
const SAMPLE = { name: "Ana", place: 42, friendsJoined: 3, code: "SAMPLE42" }

/** A step's files, checked. @throws MailNotReadyError */
export function checkedStep(io: Pick<SequenceIo, "dir" | "mail">, name: string): SequenceStep {
  const { step, problems } = readStep(io.dir, name, io.mail.siteUrl)
  if (!step) throw new MailNotReadyError(problems, "step")
  return step
}

/** Each language's mail of a step (or only `lang`'s) as a sample reader gets it, its links opening no one's entry or page. */
export function previewStepMails(
  io: Pick<SequenceIo, "dir" | "mail">,
  name: string,
  lang?: string,
  to = "reader@example.com",
  test: ((lang: string) => string) | null = null,
): { lang: string; mail: MailMessage }[] {
  const step = checkedStep(io, name)
  return step.versions
    .filter((version) => lang === undefined || version.lang === lang)
    .map(({ lang: code }) => {
      const links = {
        leaveUrl: leaveLink(io.mail.siteUrl, test ? "test" : "preview", code),
        placeUrl: null,
        personalUrl: personalLink(io.mail.siteUrl, SAMPLE.code),
      }
      const reader = stepReader({ ...SAMPLE, email: to }, links, code)
      return {
        lang: code,
        mail: stepMail(step, code, reader, io.mail, newMessageId(io.mail.siteUrl), test?.(code) ?? null),
      }
    })
}

/** Writes each language's mail of a step (or only `lang`'s) as `<lang>.eml` and `<lang>.html` into its preview folder; gives the files written. */
export function previewStep(
  io: Pick<SequenceIo, "dir" | "mail"> & PreviewFiles,
  name: string,
  lang?: string,
): Promise<string[]> {
  const mails = previewStepMails(io, name, lang)
  if (mails.length === 0)
    throw new Error(`${name} has no version in "${lang}": write content/sequences/${name}.${lang}.md`)
  return writePreviews(io, name, mails)
}

/** Sends every language's mail of a step to one address, each marked as a test (see sendTestMails for its limits and its line in the audit log). */
export function testStep(
  io: SequenceIo,
  name: string,
  to: string,
  by: AuditedBy,
): Promise<{ lang: string; subject: string }[]> {
  const mails = previewStepMails(io, name, undefined, to, (lang) => testMark(name, lang))
  return sendTestMails(io, { action: "sequence-test", name, to, by, mails })
}

/** Every step of the folder, in the order people get them, each with where it stands; held ones last, with their problems. */
export async function sequenceStatus(io: Pick<SequenceIo, "db" | "dir" | "mail" | "now">): Promise<StepSummary[]> {
  const { steps, held } = readSequence(io.dir, io.mail.siteUrl)
  const status = await stepStatus(io.db, steps, io.now())
  return [
    ...steps.map((step, i) => ({
      name: step.name,
      afterMs: step.afterMs,
      after: delayText(step.afterMs),
      versions: step.versions.map((version) => ({
        lang: version.lang,
        subject: renderedMail(version, io.mail.siteUrl, STEP).subject.split(NAME_SLOT).join(SAMPLE.name),
      })),
      problems: [],
      status: status[i] ?? null,
    })),
    ...held.map(({ name, problems }) => ({ name, afterMs: null, after: null, versions: [], problems, status: null })),
  ]
}
