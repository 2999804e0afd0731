/**
 * The referrals in the store: recorded at a sign-up through a personal
 * link, settled when the person confirms, decided by an owner when held;
 * and the one query that computes everyone's place in line.
 */
import { sql } from "kysely"
import type { Db, On, Tx } from "../db/db"
import { storedTime, toDate, toDateOrNull } from "../db/schema"
import type { Client } from "../http/client-address"
import { networksOf } from "../http/client-networks"
import {
  HELD_BY_NETWORKS,
  HELD_WINDOW_MS,
  mayBeReferred,
  stateOnConfirmation,
  type ReferralState,
} from "./referral-rules"

/** The confirmed entry whose personal code this is (one lookup in a unique index), or undefined. */
export const referrerOfCode = (on: On, code: string) =>
  on.selectFrom("waitlist_entries").select(["id", "email", "lang"]).where("referral_code", "=", code).executeTakeFirst()

/** An entry's personal code; null while it is not confirmed (or gone). */
export async function personalCodeOf(on: On, entryId: number): Promise<string | null> {
  const row = await on
    .selectFrom("waitlist_entries")
    .select("referral_code")
    .where("id", "=", entryId)
    .executeTakeFirst()
  return row?.referral_code ?? null
}

/** Records a new entry as referred, pending until it confirms, with the networks it came from; an entry is referred once, by the first link it came through. */
export async function recordReferral(
  trx: Tx,
  referral: { referredId: number; referrerId: number; networks: { prefix: string; network: string }[] },
  now: Date,
): Promise<void> {
  const recorded = await trx
    .insertInto("waitlist_referrals")
    .values({
      referred_id: referral.referredId,
      referrer_id: referral.referrerId,
      state: "pending",
      created_at: storedTime(now),
    })
    .onConflict((conflict) => conflict.column("referred_id").doNothing())
    .executeTakeFirst()
  if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return
  await trx
    .insertInto("waitlist_referral_networks")
    .values(referral.networks.map((network) => ({ referred_id: referral.referredId, ...network })))
    .execute()
}

/**
 * Settles the referral of an entry that has just confirmed: credited, or
 * held for review past CREDITS_PER_CLIENT credits of its referrer from any
 * one of its networks (see HELD_BY_NETWORKS) within the window. The
 * referral row is the entry's own (its key), and only a pending one
 * changes, so a referral is credited once however many instances confirm
 * at the same time; the referrer's lock makes the count of its credits
 * exact across instances.
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
  const busiest = await trx
    .selectFrom("waitlist_referral_networks as own")
    .innerJoin("waitlist_referral_networks as other", "other.network", "own.network")
    .innerJoin("waitlist_referrals as credited", "credited.referred_id", "other.referred_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("own.referred_id", "=", referredId)
    .where("own.prefix", "in", [...HELD_BY_NETWORKS])
    .where("credited.referrer_id", "=", referral.referrer_id)
    .where("credited.state", "=", "credited")
    .where("credited.decided_at", ">", storedTime(new Date(now.getTime() - HELD_WINDOW_MS)))
    .groupBy("own.network")
    .orderBy("n", "desc")
    .limit(1)
    .executeTakeFirst()
  const state = stateOnConfirmation(Number(busiest?.n ?? 0))
  const updated = await trx
    .updateTable("waitlist_referrals")
    .set({ state, decided_at: storedTime(now) })
    .where("referred_id", "=", referredId)
    .where("state", "=", "pending")
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1 ? state : null
}

/**
 * Every confirmed entry's place in line, as a query to select from: first
 * by when it confirmed (its arrival), then each credited referral moving it
 * `boost` places ahead, ahead of whoever held that place (the newest
 * credit first among equals), never ahead of place 1.
 */
export function places(on: On, boost: number) {
  const credits = on
    .selectFrom("waitlist_referrals")
    .select((eb) => ["referrer_id", eb.fn.countAll<number>().as("credited"), eb.fn.max("decided_at").as("last_credit")])
    .where("state", "=", "credited")
    .groupBy("referrer_id")
  const arrivals = on
    .selectFrom("waitlist_entries as e")
    .leftJoin(credits.as("c"), "c.referrer_id", "e.id")
    .where("e.confirmed_at", "is not", null)
    .select((eb) => [
      "e.id as entry_id",
      eb.fn.coalesce("c.credited", sql<number>`0`).as("credited"),
      "c.last_credit",
      eb.fn
        .agg<number>("row_number")
        .over((over) => over.orderBy("e.confirmed_at").orderBy("e.id"))
        .as("arrival"),
    ])
  return on.selectFrom(arrivals.as("a")).select((eb) => [
    "a.entry_id",
    "a.credited",
    eb.fn
      .agg<number>("row_number")
      .over((over) =>
        over
          .orderBy(sql`a.arrival - ${boost} * a.credited`)
          .orderBy(sql`a.last_credit IS NULL`)
          .orderBy("a.last_credit", "desc")
          .orderBy("a.arrival"),
      )
      .as("place"),
  ])
}

/** An entry's place in line, or null while it is not confirmed. */
export async function placeOf(on: On, entryId: number, boost: number): Promise<number | null> {
  const row = await on
    .selectFrom(places(on, boost).as("p"))
    .select("p.place")
    .where("p.entry_id", "=", entryId)
    .executeTakeFirst()
  return row ? Number(row.place) : null
}

/** An entry's referrals as its person sees them: credited, and pending (held ones too, without saying why). */
export async function referralTally(on: On, referrerId: number): Promise<{ credited: number; pending: number }> {
  const rows = await on
    .selectFrom("waitlist_referrals")
    .select((eb) => ["state", eb.fn.countAll<number>().as("n")])
    .where("referrer_id", "=", referrerId)
    .groupBy("state")
    .execute()
  const count = (...states: ReferralState[]) =>
    rows.filter((row) => states.includes(row.state as ReferralState)).reduce((sum, row) => sum + Number(row.n), 0)
  return { credited: count("credited"), pending: count("pending", "held") }
}

/** A held referral decided by an owner: credited (now) or refused. False when it is not held (any more). */
export async function decideHeld(
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
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

/** A sign-up through a personal link: the link's code, and the client it came from. */
export type CameThrough = { code: string; client: Client }

/**
 * Records a new entry as referred by the person whose code it came
 * through, unless the code is nobody's (any more), or the address is the
 * referrer's own mailbox or a throwaway one (see mayBeReferred): one
 * lookup by the code, and only for a sign-up that carries one.
 */
export async function referNewEntry(
  db: Db,
  trx: Tx,
  referred: { id: number; email: string },
  through: CameThrough,
  now: Date,
): Promise<void> {
  const referrer = await referrerOfCode(trx, through.code)
  if (!referrer || referrer.id === referred.id || !mayBeReferred(referrer.email, referred.email)) return
  await recordReferral(
    trx,
    {
      referredId: referred.id,
      referrerId: referrer.id,
      networks: networksOf(through.client).map(({ prefix, network }) => ({
        prefix,
        // The client's own key is hashed as before 0015 (`client:<key>`), so the referrals recorded then count alike.
        network: db.keyedHash(`${prefix}:${network}`),
      })),
    },
    now,
  )
}

/** What the waitlist holds of an entry's referrals, as a person's data shows it: their code, their friends' referrals by state, and whether and how they themselves came through a personal link. */
export type ReferralsHeld = {
  personalCode: string | null
  friends: Record<ReferralState, number>
  cameThroughALink: { state: ReferralState; signedUpAt: Date; decidedAt: Date | null } | null
}

/** An entry's referrals as its person's data (GDPR Art. 15) lists them; the other people's addresses are theirs, so only counts. */
export async function referralsHeldOf(
  on: On,
  entry: { id: number; referral_code: string | null },
): Promise<ReferralsHeld> {
  const rows = await on
    .selectFrom("waitlist_referrals")
    .select((eb) => ["state", eb.fn.countAll<number>().as("n")])
    .where("referrer_id", "=", entry.id)
    .groupBy("state")
    .execute()
  const friends: Record<ReferralState, number> = { pending: 0, credited: 0, held: 0, refused: 0 }
  for (const row of rows) friends[row.state as ReferralState] = Number(row.n)
  const own = await on
    .selectFrom("waitlist_referrals")
    .select(["state", "created_at", "decided_at"])
    .where("referred_id", "=", entry.id)
    .executeTakeFirst()
  return {
    personalCode: entry.referral_code,
    friends,
    cameThroughALink: own
      ? {
          state: own.state as ReferralState,
          signedUpAt: toDate(own.created_at),
          decidedAt: toDateOrNull(own.decided_at),
        }
      : null,
  }
}
