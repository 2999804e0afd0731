/**
 * One referral's life in the store: recorded at a sign-up through a
 * personal link with the reasons found then, settled when its person
 * confirms (credited, or held with its reasons), and decided by the team
 * when held; each credit moving its referrer in the line kept (see
 * line.ts). The referral row is the referred entry's own (its key), so a
 * referral is recorded and settled once however many instances act at once.
 */
import type { MailServerAnswer } from "../addresses/mail-servers"
import type { Db, Tx } from "../db/db"
import { storedTime, toDate } from "../db/schema"
import type { Client } from "../http/client-address"
import { networksOf } from "../http/client-networks"
import { creditsChanged } from "./line"
import { referrerOfCode } from "./referral-queries"
import { decideReasons, hasOpenReason, recordReasons, type FoundReason } from "./referral-reasons"
import {
  HELD_BY_NETWORKS,
  HELD_WINDOW_MS,
  isBurst,
  MOSTLY_UNCONFIRMED,
  reasonsAtSignUp,
  SHOWN_NETWORKS,
  type ReferralState,
  type ReferrerHistory,
} from "./referral-rules"

/** A sign-up through a personal link: the link's code, the client it came from, and what DNS said of its address's mail server. */
export type CameThrough = { code: string; client: Client; mailServer?: MailServerAnswer }

/** A referrer's sign-ups through their link old enough to tell whether their friends confirm. */
async function referrerHistory(trx: Tx, referrerId: number, now: Date): Promise<ReferrerHistory> {
  const rows = await trx
    .selectFrom("waitlist_referrals")
    .select((eb) => ["state", eb.fn.countAll<number>().as("n")])
    .where("referrer_id", "=", referrerId)
    .where("created_at", "<=", storedTime(new Date(now.getTime() - MOSTLY_UNCONFIRMED.afterMs)))
    .groupBy("state")
    .execute()
  const count = (wanted: (state: string) => boolean) =>
    rows.filter((row) => wanted(row.state)).reduce((sum, row) => sum + Number(row.n), 0)
  return { signedUp: count(() => true), unconfirmed: count((state) => state === "pending") }
}

/**
 * Records a new entry as referred by the person whose code it came
 * through, pending until it confirms, with the networks it came from
 * (keyed hashes, and its /24 or /48 as text for the team's evidence) and
 * the reasons found now (see reasonsAtSignUp); nothing when the code is
 * nobody's (any more) or the entry's own. An entry is referred once, by
 * the first link it came through.
 */
export async function referNewEntry(
  db: Db,
  trx: Tx,
  referred: { id: number; email: string },
  through: CameThrough,
  now: Date,
): Promise<void> {
  const referrer = await referrerOfCode(trx, through.code)
  if (!referrer || referrer.id === referred.id) return
  const networks = networksOf(through.client)
  const recorded = await trx
    .insertInto("waitlist_referrals")
    .values({
      referred_id: referred.id,
      referrer_id: referrer.id,
      state: "pending",
      created_at: storedTime(now),
      network: networks.find((network) => SHOWN_NETWORKS.includes(network.prefix))?.network ?? null,
    })
    .onConflict((conflict) => conflict.column("referred_id").doNothing())
    .executeTakeFirst()
  if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return
  await trx
    .insertInto("waitlist_referral_networks")
    .values(
      networks.map(({ prefix, network }) => ({
        referred_id: referred.id,
        prefix,
        // The client's own key is hashed as before 0015 (`client:<key>`), so the referrals recorded then count alike.
        network: db.keyedHash(`${prefix}:${network}`),
      })),
    )
    .execute()
  const domain = referred.email.slice(referred.email.lastIndexOf("@") + 1)
  const history = await referrerHistory(trx, referrer.id, now)
  const reasons = reasonsAtSignUp(referrer.email, referred.email, through.mailServer ?? "unknown", history)
  await recordReasons(
    trx,
    referred.id,
    reasons.map((name) => ({
      name,
      evidence: name === "mostly-unconfirmed" ? { history } : name === "own-mailbox" ? {} : { domain },
    })),
    now,
  )
}

/** The times of the referrer's credits within the window from the busiest network of a referral (see HELD_BY_NETWORKS). */
async function creditsFromBusiestNetwork(trx: Tx, referredId: number, referrerId: number, now: Date): Promise<Date[]> {
  const rows = await trx
    .selectFrom("waitlist_referral_networks as own")
    .innerJoin("waitlist_referral_networks as other", "other.network", "own.network")
    .innerJoin("waitlist_referrals as credited", "credited.referred_id", "other.referred_id")
    .select(["own.network", "credited.decided_at"])
    .where("own.referred_id", "=", referredId)
    .where("own.prefix", "in", [...HELD_BY_NETWORKS])
    .where("credited.referrer_id", "=", referrerId)
    .where("credited.state", "=", "credited")
    .where("credited.decided_at", ">", storedTime(new Date(now.getTime() - HELD_WINDOW_MS)))
    .limit(1000)
    .execute()
  const byNetwork = new Map<string, Date[]>()
  for (const row of rows)
    if (row.decided_at !== null)
      byNetwork.set(row.network, [...(byNetwork.get(row.network) ?? []), toDate(row.decided_at)])
  const [busiest = []] = [...byNetwork.values()].sort((a, b) => b.length - a.length)
  return busiest.sort((a, b) => a.getTime() - b.getTime())
}

/**
 * Settles the referral of an entry that has just confirmed: held for
 * review when it carries a reason not yet decided, or when its referrer
 * has CREDITS_PER_CLIENT credits within the window from one of its
 * networks already (a burst, held with the times of those credits);
 * credited otherwise. Only a pending referral changes, so it is settled
 * once however many instances confirm at the same time; the referrer's
 * lock makes the count of its credits exact across instances.
 */
export async function settleReferral(db: Db, trx: Tx, referredId: number, now: Date): Promise<ReferralState | null> {
  const referral = await trx
    .selectFrom("waitlist_referrals")
    .select("referrer_id")
    .where("referred_id", "=", referredId)
    .where("state", "=", "pending")
    .executeTakeFirst()
  if (!referral) return null
  await db.lock(trx, `referrer:${referral.referrer_id}`)
  const credits = await creditsFromBusiestNetwork(trx, referredId, referral.referrer_id, now)
  const burst: FoundReason[] = isBurst(credits.length)
    ? [{ name: "network-burst", evidence: { credits: credits.map((at) => at.toISOString()) } }]
    : []
  await recordReasons(trx, referredId, burst, now)
  const state: ReferralState = (await hasOpenReason(trx, referredId)) ? "held" : "credited"
  const updated = await trx
    .updateTable("waitlist_referrals")
    .set({ state, decided_at: storedTime(now) })
    .where("referred_id", "=", referredId)
    .where("state", "=", "pending")
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) return null
  if (state === "credited") await creditsChanged(db, trx, referral.referrer_id)
  return state
}

/**
 * A held referral decided by the team: credited (now, its referrer moved
 * in the line kept) or refused, with every reason that held it, so none of
 * them holds it again. False when it is not held (any more).
 */
export async function decideHeld(
  db: Db,
  trx: Tx,
  referredId: number,
  decision: "credited" | "refused",
  now: Date,
): Promise<boolean> {
  const updated = await trx
    .updateTable("waitlist_referrals")
    .set({ state: decision, decided_at: storedTime(now) })
    .where("referred_id", "=", referredId)
    .where("state", "=", "held")
    .returning("referrer_id")
    .executeTakeFirst()
  if (!updated) return false
  await decideReasons(trx, referredId, decision, now)
  if (decision === "credited") await creditsChanged(db, trx, updated.referrer_id)
  return true
}
