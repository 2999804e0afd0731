/**
 * The reasons a referral is not credited, as the store keeps them: each
 * with its evidence, found at a sign-up, a confirmation or a suppression,
 * and decided by the team. A referral with a reason not yet decided is
 * held; a reason once decided never holds its referral again.
 */
import type { On, Tx } from "../db/db"
import { storedTime, toDate, toDateOrNull } from "../db/schema"
import type { ReasonName, ReferrerHistory } from "./referral-rules"

/** What a reason shows the team: a domain, the times of the credits it was counted with, the referrer's sign-ups, when a friend's mail bounced. */
export type Evidence = { domain?: string; credits?: string[]; history?: ReferrerHistory; at?: string }

/** A reason found, with its evidence. */
export type FoundReason = { name: ReasonName; evidence: Evidence }

/** A reason as the team reads it: found when, decided how (null: not yet). */
export type ReasonRecord = FoundReason & {
  foundAt: Date
  decision: "credited" | "refused" | null
  decidedAt: Date | null
}

/**
 * Records reasons of a referral, each once (a reason found again, or
 * decided already, is left as it was).
 * @returns the names newly recorded
 */
export async function recordReasons(
  trx: Tx,
  referredId: number,
  reasons: readonly FoundReason[],
  now: Date,
): Promise<ReasonName[]> {
  const added: ReasonName[] = []
  for (const { name, evidence } of reasons) {
    const inserted = await trx
      .insertInto("waitlist_referral_reasons")
      .values({
        referred_id: referredId,
        reason: name,
        evidence: JSON.stringify(evidence),
        found_at: storedTime(now),
        decision: null,
        decided_at: null,
      })
      .onConflict((conflict) => conflict.columns(["referred_id", "reason"]).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) added.push(name)
  }
  return added
}

/** Whether a referral has a reason the team has not decided yet: what holds it. */
export async function hasOpenReason(on: On, referredId: number): Promise<boolean> {
  const open = await on
    .selectFrom("waitlist_referral_reasons")
    .select("reason")
    .where("referred_id", "=", referredId)
    .where("decision", "is", null)
    .executeTakeFirst()
  return open !== undefined
}

/** Records the team's decision on every open reason of a referral. */
export const decideReasons = (trx: Tx, referredId: number, decision: "credited" | "refused", now: Date) =>
  trx
    .updateTable("waitlist_referral_reasons")
    .set({ decision, decided_at: storedTime(now) })
    .where("referred_id", "=", referredId)
    .where("decision", "is", null)
    .execute()

const evidenceOf = (text: string | null): Evidence => {
  try {
    const value: unknown = JSON.parse(text ?? "{}")
    return typeof value === "object" && value !== null ? (value as Evidence) : {}
  } catch {
    return {}
  }
}

/** The reasons of referrals, by the referred entry's id, oldest first. */
export async function reasonsOf(on: On, referredIds: readonly number[]): Promise<Map<number, ReasonRecord[]>> {
  const found = new Map<number, ReasonRecord[]>()
  for (let i = 0; i < referredIds.length; i += 500) {
    const rows = await on
      .selectFrom("waitlist_referral_reasons")
      .selectAll()
      .where("referred_id", "in", referredIds.slice(i, i + 500))
      .orderBy("found_at")
      .orderBy("reason")
      .execute()
    for (const row of rows) {
      const list = found.get(Number(row.referred_id)) ?? []
      list.push({
        name: row.reason as ReasonName,
        evidence: evidenceOf(row.evidence),
        foundAt: toDate(row.found_at),
        decision: row.decision as ReasonRecord["decision"],
        decidedAt: toDateOrNull(row.decided_at),
      })
      found.set(Number(row.referred_id), list)
    }
  }
  return found
}

const day = (iso: string | undefined) => (iso ? iso.slice(0, 16).replace("T", " ") + " UTC" : "an unknown time")

/**
 * A reason in the team's words, with its evidence: times, a domain, the
 * network as its /24 or /48 (`network`, null once forgotten), never
 * another person's address.
 */
export function reasonText({ name, evidence }: FoundReason, network: string | null): string {
  switch (name) {
    case "own-mailbox":
      return "The friend's address reaches the referrer's own mailbox (another spelling, a +tag or a provider's alias)."
    case "throwaway-domain":
      return `A throwaway domain: ${evidence.domain ?? "unknown"}.`
    case "no-mail-server":
      return `${evidence.domain ?? "The domain"} has no mail server: no MX and no address record.`
    case "network-burst": {
      const times = (evidence.credits ?? []).map(day)
      return `More than 3 credits for this referrer within 24 hours from ${network ?? "one network (no longer kept)"}: ${times.length} before this one, at ${times.join(", ")}.`
    }
    case "mostly-unconfirmed": {
      const { signedUp = 0, unconfirmed = 0 } = evidence.history ?? {}
      return `Most of the referrer's friends never confirm: ${unconfirmed} of ${signedUp} sign-ups older than 48 hours are unconfirmed.`
    }
    case "hard-bounce":
      return `The friend's address hard-bounced (${day(evidence.at)}): the credit was withdrawn.`
    case "complaint":
      return `The friend reported our mail as spam (${day(evidence.at)}): the credit was withdrawn.`
  }
}
