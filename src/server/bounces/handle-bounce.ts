import type { Db } from "../db/db"
import type { BounceKind } from "../outbox/deliveries"
import { deliveryOfTag } from "../outbox/delivery-tags"
import { bounceOfStatus } from "../outbox/smtp-refusal"
import { readBounceReport } from "./read-bounce-report"
import { countBounce } from "./suppressions"

/** What handling one message did, in a line that names delivery ids only (never an address), whether anything changed, and what was counted. */
export type BounceHandling = { changed: boolean; line: string; counted?: BounceKind }

/** ARF Feedback-Types that are a reader's complaint; `not-spam` is the opposite. */
const COMPLAINTS = new Set(["abuse", "fraud", "virus", "other"])

/** What a report says of its delivery: a hard or soft bounce, a complaint, or nothing to count (and why). */
function kindOf(report: Awaited<ReturnType<typeof readBounceReport>>): { kind: BounceKind; detail: string } | string {
  if (report.type === "complaint") {
    return COMPLAINTS.has(report.feedbackType)
      ? { kind: "complaint", detail: `feedback-type ${report.feedbackType}` }
      : `a feedback report of type "${report.feedbackType.slice(0, 40)}", not a complaint`
  }
  if (report.type !== "dsn") return "neither a delivery status notification (RFC 3464) nor a complaint (RFC 5965)"
  const failed = report.recipients.filter((recipient) => recipient.action === "failed")
  if (failed.length === 0)
    return `a delivery status notification that reports no failure (${[...new Set(report.recipients.map((r) => r.action))].join(", ").slice(0, 60) || "no recipient"})`
  const hard = failed.find((recipient) => bounceOfStatus(recipient.status) === "hard")
  const chosen = hard ?? failed[0]
  return { kind: hard ? "hard" : "soft", detail: `status ${chosen?.status || "none"}` }
}

/**
 * Handles one returned message (piped in, or read from the mailbox):
 * counted against the delivery its signed tag names; a message naming none
 * of ours, or two, or no bounce, changes nothing. Rejects only for a store
 * that cannot be reached.
 */
export async function handleBounceMessage(
  raw: Buffer,
  db: Db,
  bounceAddress: string | null,
  now: Date,
  envelopeTo: string | null = null,
): Promise<BounceHandling> {
  let report
  try {
    report = await readBounceReport(raw, bounceAddress, envelopeTo)
  } catch (error) {
    return { changed: false, line: `not read: ${(error as Error).message.slice(0, 200)}` }
  }
  const classified = kindOf(report)
  if (typeof classified === "string") return { changed: false, line: `nothing to count: ${classified}` }
  const tags = [...new Set([...report.verpTags, ...report.headerTags])]
  const ids = await db.read(
    async () =>
      new Set(tags.map((tag) => deliveryOfTag(db.secret("bounce_key"), tag)).filter((id): id is number => id !== null)),
  )
  if (ids.size === 0)
    return {
      changed: false,
      line: `nothing to count: the ${classified.kind === "complaint" ? "complaint" : "bounce"} names no delivery of ours (no tag whose signature holds)`,
    }
  if (ids.size > 1)
    return {
      changed: false,
      line: `nothing to count: it names several deliveries (${[...ids].join(", ")}), so it cannot be trusted`,
    }
  const [id = 0] = ids
  const outcome = await countBounce(db, id, classified.kind, classified.detail, now)
  if (!outcome.counted) return { changed: false, line: `delivery ${id}: nothing to count (${outcome.why})` }
  const what = classified.kind === "complaint" ? "a complaint" : `a ${classified.kind} bounce (${classified.detail})`
  return {
    changed: true,
    counted: classified.kind,
    line: `delivery ${id}: ${what} counted${outcome.suppressed ? `; its address is suppressed (${outcome.suppressed})` : ""}`,
  }
}
