/**
 * A test send of a list mail (an announcement, a step of the sequences):
 * its mails, each marked as a test, to one address, all within the
 * deadline of an outbox's try, recorded in the audit log whatever became
 * of it (sent, partly sent, failed, refused). At most TEST_SENDS_PER_HOUR
 * an hour by an account and to a mailbox (see mailboxKey), the kinds of test counted
 * together, one at a time each. A suppressed address gets none.
 */
import { mailboxHash } from "../addresses/address-hash"
import { auditLinesSince, recordAudit, type AuditAction, type AuditedBy } from "../audit/audit-log"
import { isAddressSuppressed } from "../bounces/suppressions"
import type { Db } from "../db/db"
import type { MailMessage } from "../mails/mail-message"
import type { SendMail } from "../mails/mail-transport"
import { tryDeadlineMs } from "../outbox/outbox-worker"
import type { MailSettings } from "../settings"

/** The audit log's actions of test sends, which one limit counts together. */
export const TEST_SEND_ACTIONS: readonly AuditAction[] = ["announcement-test", "sequence-test"]

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

/** A test went to an address that is suppressed (a bounce or a complaint): it gets no mail of any kind. */
export class SuppressedAddressError extends Error {
  constructor() {
    super("that address is suppressed (a bounce or a complaint): it gets no mail; `unsuppress` lifts it")
    this.name = "SuppressedAddressError"
  }
}

/** Where a test send reads and writes. */
export type TestSendIo = { db: Db; mail: MailSettings; sendMail: SendMail; now: () => Date }

/** The accounts and recipients whose test send is under way in this process: one at a time each. */
const underWay = new Set<string>()

/** A test's mail in one language, written to the test's address and marked as a test. */
export type TestMail = { lang: string; mail: MailMessage }

/**
 * Sends one test of `name`: its mails (each a language's, to `to`, marked
 * as a test), recording it under `action`.
 * @returns the language and subject of each mail sent
 * @throws TestLimitError, SuppressedAddressError, or the transport's error
 */
export async function sendTestMails(
  io: TestSendIo,
  { action, name, to, by, mails }: { action: AuditAction; name: string; to: string; by: AuditedBy; mails: TestMail[] },
): Promise<{ lang: string; subject: string }[]> {
  const subjectHash = await io.db.read(async () => mailboxHash(io.db, to))
  const audit = (detail: string) => recordAudit(io.db, { action, ...by, at: io.now(), subjectHash, detail })
  const keys = [`to:${subjectHash}`, ...(by.actor.accountId === null ? [] : [`by:${by.actor.accountId}`])]
  if (keys.some((key) => underWay.has(key))) {
    await audit(`${name}: refused, another test send to this address or by this account is under way`)
    throw new TestLimitError(5, "another test send to this address or by this account is under way")
  }
  for (const key of keys) underWay.add(key)
  try {
    const now = io.now()
    const { byAccount, aboutSubject } = await auditLinesSince(
      io.db,
      TEST_SEND_ACTIONS,
      new Date(now.getTime() - HOUR_MS),
      {
        accountId: by.actor.accountId,
        subjectHash,
      },
    )
    const over = [byAccount, aboutSubject].filter(
      (lines) => lines.count >= TEST_SENDS_PER_HOUR && lines.oldest !== null,
    )
    if (over.length > 0) {
      const freed = Math.max(...over.map((lines) => (lines.oldest?.getTime() ?? 0) + HOUR_MS))
      const who = aboutSubject.count >= TEST_SENDS_PER_HOUR ? "to this address" : "by this account"
      await audit(`${name}: refused, ${TEST_SENDS_PER_HOUR} test sends ${who} in the last hour`)
      throw new TestLimitError(
        Math.max(1, Math.ceil((freed - now.getTime()) / 1000)),
        `${TEST_SENDS_PER_HOUR} test sends ${who} in the last hour already`,
      )
    }
    if (await isAddressSuppressed(io.db, to)) {
      await audit(`${name}: not sent, the address is suppressed`)
      throw new SuppressedAddressError()
    }
    return await sendWithin(io, name, mails, audit)
  } finally {
    for (const key of keys) underWay.delete(key)
  }
}

/** Sends the mails within one outbox try's deadline, and records which went. */
async function sendWithin(io: TestSendIo, name: string, mails: TestMail[], audit: (detail: string) => Promise<void>) {
  const deadline = AbortSignal.timeout(tryDeadlineMs(io.mail.leaseMs))
  const sent: { lang: string; subject: string }[] = []
  let failure: string | null = null
  try {
    for (const { lang, mail } of mails) {
      deadline.throwIfAborted()
      await io.sendMail(io.mail.bounceAddress ? { ...mail, envelopeFrom: io.mail.bounceAddress } : mail, deadline)
      sent.push({ lang, subject: mail.subject })
    }
  } catch (error) {
    failure = deadline.aborted
      ? `nothing came back within ${tryDeadlineMs(io.mail.leaseMs) / 1000} s`
      : ((error as Error).message.split("\n")[0]?.slice(0, 200) ?? "failed")
    throw deadline.aborted ? new Error(failure) : error
  } finally {
    const failed =
      failure === null ? "" : `; the ${mails[sent.length]?.lang} one failed (${failure}), and the rest were not sent`
    await audit(
      `${name}: ${sent.length > 0 ? `sent ${sent.map((mail) => mail.lang).join(", ")}` : "none sent"}${failed}`,
    )
  }
  return sent
}
