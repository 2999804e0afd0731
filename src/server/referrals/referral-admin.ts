/**
 * What the admin shows of referrals: the leaderboard, the referrals held
 * for review with their reasons (see referral-review.ts, where the team
 * decides them), and who referred a person and whom they referred.
 */
import type { RequestHandler } from "express"
import { emailKey } from "../addresses/email-identity"
import { lookupAddressOf } from "../addresses/lookup-address"
import { pageParam } from "../admin/admin-body"
import { MAX_PAGE, PAGE_SIZE } from "../admin/admin-limits"
import type { Db } from "../db/db"
import { toDate, toDateOrNull } from "../db/schema"
import { pathParam, queryParam, sendInvalid, sendJson } from "../http/answers"
import { lineOf, placeOf } from "./line"
import { referralsWithAddresses } from "./referral-queries"
import { heldReferrals } from "./referral-review"

/** One line of the leaderboard. */
export type LeaderboardLine = { place: number; email: string; credited: number; pending: number; held: number }

/** A referral as the admin lists it. */
export type ReferralLine = {
  id: number
  referred: string
  referrer: string
  state: string
  signedUpAt: Date
  decidedAt: Date | null
}

/** A page of the line, first place first, with each person's referrals: credited, pending, held. */
export function leaderboard(
  db: Db,
  boost: number,
  page: number,
  pageSize: number,
): Promise<{ items: LeaderboardLine[]; total: number; page: number; pageSize: number }> {
  return db.read(async (on) => {
    const total = Number(
      (
        await on
          .selectFrom("waitlist_entries")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("confirmed_at", "is not", null)
          .executeTakeFirstOrThrow()
      ).n,
    )
    const waiting = on
      .selectFrom("waitlist_referrals")
      .select((eb) => [
        "referrer_id",
        eb.fn.sum<number>(eb.case().when("state", "=", "pending").then(1).else(0).end()).as("pending"),
        eb.fn.sum<number>(eb.case().when("state", "=", "held").then(1).else(0).end()).as("held"),
      ])
      .groupBy("referrer_id")
    const rows = await on
      .selectFrom((await lineOf(on, boost)).as("p"))
      .innerJoin("waitlist_entries as e", "e.id", "p.entry_id")
      .leftJoin(waiting.as("w"), "w.referrer_id", "p.entry_id")
      .select(["p.place", "e.email", "p.credited", "w.pending", "w.held"])
      .orderBy("p.slot")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute()
    const items = rows.map((row) => ({
      place: Number(row.place),
      email: row.email,
      credited: Number(row.credited),
      pending: Number(row.pending ?? 0),
      held: Number(row.held ?? 0),
    }))
    return { items, total, page, pageSize }
  })
}

const asLine = (row: {
  referred_id: number
  referred: string
  referrer: string
  state: string
  created_at: string | Date
  decided_at: string | Date | null
}): ReferralLine => ({
  id: Number(row.referred_id),
  referred: row.referred,
  referrer: row.referrer,
  state: row.state,
  signedUpAt: toDate(row.created_at),
  decidedAt: toDateOrNull(row.decided_at),
})

/** A person's place, who referred them and whom they referred; null when the address has no entry. */
export function referralsOfPerson(db: Db, boost: number, address: string) {
  return db.read(async (on) => {
    const entry = await on
      .selectFrom("waitlist_entries")
      .select(["id", "referral_code"])
      .where("email_key", "=", emailKey(address))
      .executeTakeFirst()
    if (!entry) return null
    const referredBy = await referralsWithAddresses(on).where("r.referred_id", "=", entry.id).executeTakeFirst()
    const referred = await referralsWithAddresses(on).where("r.referrer_id", "=", entry.id).limit(1000).execute()
    return {
      place: await placeOf(on, entry.id, boost),
      code: entry.referral_code,
      referredBy: referredBy ? asLine(referredBy) : null,
      referred: referred.map(asLine),
    }
  })
}

/** The admin's routes of referrals. */
export function referralAdminRoutes({ db, boost }: { db: Db; boost: number }): {
  board: RequestHandler
  person: RequestHandler
} {
  return {
    /** GET /api/admin/referrals?page=: the leaderboard, and the referrals held for review with their reasons. */
    async board(req, res) {
      const page = pageParam.safeParse(queryParam(req, "page"))
      if (!page.success) return sendInvalid(res, `Ask for a page from 1 to ${MAX_PAGE}.`, "page")
      sendJson(res, 200, {
        leaderboard: await leaderboard(db, boost, page.data, PAGE_SIZE),
        held: await db.read((on) => heldReferrals(on)),
        boost,
      })
    },
    /** GET /api/admin/referrals/people/:address: a person's place, referrer and referred. */
    async person(req, res) {
      const address = lookupAddressOf(pathParam(req, "address"))
      if (!address) return sendJson(res, 400, { error: "The path does not name an address an entry could have." })
      const found = await referralsOfPerson(db, boost, address)
      if (!found) return sendJson(res, 404, { error: "No entry has this address." })
      sendJson(res, 200, found)
    },
  }
}
