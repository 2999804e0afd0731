/**
 * What the store says of referrals: whose a code is, and a person's
 * referrals as they and their data see them. One referral's life
 * (recorded, settled, decided, its credit withdrawn) is in
 * referral-records.ts and referral-upkeep.ts; places are line.ts's.
 */
import type { On } from "../db/db"
import { toDate, toDateOrNull } from "../db/schema"
import { reasonsOf } from "./referral-reasons"
import type { ReasonName, ReferralState } from "./referral-rules"

/** The confirmed entry whose personal code this is (one lookup in a unique index), or undefined. */
export const referrerOfCode = (on: On, code: string) =>
  on.selectFrom("waitlist_entries").select(["id", "email", "lang"]).where("referral_code", "=", code).executeTakeFirst()

/** Referrals with the addresses of both people, oldest first: what the team's pages filter and list. */
export const referralsWithAddresses = (on: On) =>
  on
    .selectFrom("waitlist_referrals as r")
    .innerJoin("waitlist_entries as referred", "referred.id", "r.referred_id")
    .innerJoin("waitlist_entries as referrer", "referrer.id", "r.referrer_id")
    .select([
      "r.referred_id",
      "r.referrer_id",
      "referred.email as referred",
      "referrer.email as referrer",
      "r.state",
      "r.created_at",
      "r.decided_at",
      "r.network",
    ])
    .orderBy("r.created_at")
    .orderBy("r.referred_id")

/** An entry's personal code; null while it is not confirmed (or gone). */
export async function personalCodeOf(on: On, entryId: number): Promise<string | null> {
  const row = await on
    .selectFrom("waitlist_entries")
    .select("referral_code")
    .where("id", "=", entryId)
    .executeTakeFirst()
  return row?.referral_code ?? null
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

/** What the waitlist holds of an entry's referrals, as a person's data shows it: their code, their friends' referrals by state, and whether and how they themselves came through a personal link. */
export type ReferralsHeld = {
  personalCode: string | null
  friends: Record<ReferralState, number>
  cameThroughALink: {
    state: ReferralState
    signedUpAt: Date
    decidedAt: Date | null
    /** The network the sign-up came from, as its /24 or /48, until it is forgotten (30 days). */
    network: string | null
    /** The reasons it was held for, and what the team decided of each. */
    reasons: { name: ReasonName; foundAt: Date; decision: string | null }[]
  } | null
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
    .select(["state", "created_at", "decided_at", "network"])
    .where("referred_id", "=", entry.id)
    .executeTakeFirst()
  const reasons = own ? ((await reasonsOf(on, [entry.id])).get(entry.id) ?? []) : []
  return {
    personalCode: entry.referral_code,
    friends,
    cameThroughALink: own
      ? {
          state: own.state as ReferralState,
          signedUpAt: toDate(own.created_at),
          decidedAt: toDateOrNull(own.decided_at),
          network: own.network,
          reasons: reasons.map(({ name, foundAt, decision }) => ({ name, foundAt, decision })),
        }
      : null,
  }
}
