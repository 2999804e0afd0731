/**
 * The rule of the line: every confirmed entry's place, first by when it
 * confirmed (its arrival), then each credited referral moving it `boost`
 * places ahead, ahead of whoever held that place (the newest credit first
 * among equals), never ahead of place 1. line.ts keeps its result.
 */
import { sql } from "kysely"
import type { On } from "../db/db"
import { toDate } from "../db/schema"

/** The whole line by the rule, as a query to select from: a walk of every confirmed entry, for writing the kept line anew. */
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
    "a.arrival",
    "a.credited",
    "a.last_credit",
    sql<number>`a.arrival - ${boost} * a.credited`.as("line_key"),
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

/** What orders an entry in line: its arrival, its credited referrals, the newest of them, and its key (arrival - boost × credited). */
export type InLine = { arrival: number; credited: number; last_credit: string | Date | null; line_key: number }

/** Whether `a` stands ahead of `b` in line, as places() orders them: by key, then credited before not, the newest credit first, then by arrival. */
export function standsAhead(a: InLine, b: InLine): boolean {
  if (a.line_key !== b.line_key) return a.line_key < b.line_key
  if ((a.last_credit === null) !== (b.last_credit === null)) return a.last_credit !== null
  const [aAt, bAt] = [a.last_credit, b.last_credit].map((at) => (at === null ? 0 : toDate(at).getTime()))
  if (aAt !== bAt) return (aAt ?? 0) > (bAt ?? 0)
  return a.arrival < b.arrival
}
