/**
 * The sign-up rate limit: at most `limit` accepted submissions of one
 * client in any window, counted in the database in the transaction of the
 * entry (on PostgreSQL under the client's lock), so that several instances
 * behind a load balancer limit like one.
 */
import type { Db, Tx } from "../db/db"

/** The window the rate limit counts submissions in. */
export const RATE_WINDOW_MS = 60_000

/** The rate limit a submission is held to: at most `limit` accepted in any `windowMs` from one client (see clientKey). */
export type RateLimit = { client: string; limit: number; windowMs: number }

/** Counts a submission against its client's limit; the seconds to wait when the budget is spent, else null. */
export async function countSubmission(db: Db, trx: Tx, rateLimit: RateLimit | null, now: Date): Promise<number | null> {
  if (!rateLimit || rateLimit.limit <= 0) return null
  const at = now.getTime()
  await db.lock(trx, rateLimit.client)
  const counted = await trx
    .selectFrom("waitlist_rate_events")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min<number | null>("at").as("oldest")])
    .where("client", "=", rateLimit.client)
    .where("at", ">", at - rateLimit.windowMs)
    .executeTakeFirst()
  const { n = 0, oldest = null } = counted ?? {}
  if (Number(n) >= rateLimit.limit)
    return Math.max(1, Math.ceil((Number(oldest ?? at) + rateLimit.windowMs - at) / 1000))
  await trx.insertInto("waitlist_rate_events").values({ client: rateLimit.client, at }).execute()
  return null
}

/** Forgets the counts older than the window, which no limit reads any more: a periodic job. */
export async function forgetOldSubmissionCounts(db: Db, now: Date): Promise<void> {
  await db.write((trx) =>
    trx
      .deleteFrom("waitlist_rate_events")
      .where("at", "<=", now.getTime() - RATE_WINDOW_MS)
      .execute(),
  )
}
