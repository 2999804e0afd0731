/**
 * The last mails delivered to visitors and what came back of them, which
 * the mailbox providers judge a sender by, with their limits as the guard
 * applies them (see health-guard.ts). Counted in SQL along the index of
 * sent mails (migration 0012): at most LIMITS.window rows are looked at.
 */
import type { On } from "../db/db"
import { storedTime, toDate } from "../db/schema"

/** Gmail's limits, as the guard applies them. */
export const LIMITS = {
  /** The mails looked at: the latest delivered. */
  window: 1000,
  /** Fewer delivered than this tell nothing yet. */
  minimum: 300,
  alertComplaintRate: 0.001,
  pauseComplaintRate: 0.003,
  pauseHardBounceRate: 0.02,
}

/** The last LIMITS.window mails delivered to visitors, and what came back of them. */
export type RecentMail = {
  delivered: number
  complaints: number
  /** Hard bounces of those delivered, and of the mails refused at delivery since the oldest of them. */
  hardBounces: number
  refused: number
  /** When the newest complaint or hard bounce among them came; null for none. */
  latestAt: Date | null
}

/** The last LIMITS.window deliveries and their complaints and hard bounces, counted in SQL. */
export async function recentMail(on: On): Promise<RecentMail> {
  const recent = on
    .selectFrom("waitlist_outbox")
    .select(["id", "sent_at"])
    .where("status", "=", "sent")
    .where("mailbox_provider", "is not", null)
    .orderBy("sent_at", "desc")
    .limit(LIMITS.window)
  const window = await on
    .selectFrom(recent.as("r"))
    .select((eb) => [eb.fn.countAll<number>().as("delivered"), eb.fn.min("r.sent_at").as("oldest")])
    .executeTakeFirstOrThrow()
  const counted = await on
    .selectFrom("waitlist_bounces as b")
    .select((eb) => ["b.kind", eb.fn.countAll<number>().as("n"), eb.fn.max("b.received_at").as("latest")])
    .where("b.kind", "in", ["hard", "complaint"])
    .where("b.delivery_id", "in", on.selectFrom(recent.as("r2")).select("r2.id"))
    .groupBy("b.kind")
    .execute()
  const refused = window.oldest
    ? await on
        .selectFrom("waitlist_bounces as b")
        .innerJoin("waitlist_outbox as o", "o.id", "b.delivery_id")
        .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("b.received_at").as("latest")])
        .where("b.kind", "=", "hard")
        .where("o.status", "=", "failed")
        .where("o.mailbox_provider", "is not", null)
        .where("b.received_at", ">=", storedTime(toDate(window.oldest as string | Date)))
        .executeTakeFirstOrThrow()
    : { n: 0, latest: null }
  const latest = [...counted.map((row) => row.latest), refused.latest]
    .filter((time): time is string | Date => time !== null && time !== undefined)
    .map((time) => toDate(time))
    .sort((a, b) => b.getTime() - a.getTime())[0]
  const of = (kind: string) => Number(counted.find((row) => row.kind === kind)?.n ?? 0)
  return {
    delivered: Number(window.delivered),
    complaints: of("complaint"),
    hardBounces: of("hard") + Number(refused.n),
    refused: Number(refused.n),
    latestAt: latest ?? null,
  }
}
