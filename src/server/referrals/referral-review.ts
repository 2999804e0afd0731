/**
 * The review queue: the referrals held, each with its reasons and their
 * evidence (times, the network as its /24 or /48, never another person's
 * address), which an owner or a marketing account credits or refuses, one
 * at a time or all of one referrer at once, each decision in the audit log.
 */
import type { RequestHandler, Response } from "express"
import { z } from "zod"
import { addressHash } from "../addresses/address-hash"
import { adminBody } from "../admin/admin-body"
import { appendAudit, type AuditedBy } from "../audit/audit-log"
import type { Db, On } from "../db/db"
import { toDate, toDateOrNull } from "../db/schema"
import { pathParam, sendInvalid, sendJson } from "../http/answers"
import { reasonsOf, reasonText } from "./referral-reasons"
import { referralsWithAddresses } from "./referral-queries"
import { decideHeld } from "./referral-records"
import type { HeldReferral as ApiHeldReferral } from "../../admin-api/referrals"

/** A referral held for review, as the queue lists it (see the API's HeldReferral). */
export type HeldReferral = ApiHeldReferral<Date>

/** The most held referrals the queue lists at once (oldest first), and decides for one referrer at once. */
export const HELD_PAGE = 200

/** The referrals held (all, one referrer's, or one), oldest first, with their open reasons. */
export async function heldReferrals(
  on: On,
  { referrerId = null, referredId = null }: { referrerId?: number | null; referredId?: number | null } = {},
): Promise<HeldReferral[]> {
  const rows = await referralsWithAddresses(on)
    .where("r.state", "=", "held")
    .$if(referrerId !== null, (query) => query.where("r.referrer_id", "=", referrerId ?? 0))
    .$if(referredId !== null, (query) => query.where("r.referred_id", "=", referredId ?? 0))
    .limit(HELD_PAGE)
    .execute()
  const reasons = await reasonsOf(
    on,
    rows.map((row) => Number(row.referred_id)),
  )
  return rows.map((row) => ({
    id: Number(row.referred_id),
    referred: row.referred,
    referrer: row.referrer,
    referrerId: Number(row.referrer_id),
    signedUpAt: toDate(row.created_at),
    heldAt: toDateOrNull(row.decided_at),
    network: row.network,
    reasons: (reasons.get(Number(row.referred_id)) ?? [])
      .filter((reason) => reason.decision === null)
      .map((reason) => ({ name: reason.name, text: reasonText(reason, row.network), foundAt: reason.foundAt })),
  }))
}

/** A team member's decision on held referrals. */
const decisionSchema = z.object({ decision: z.enum(["credit", "refuse"]) })

/** An entry's id as a path names it (`…/held/:id`, `…/referrers/:id/held`), or undefined for none. */
const idOf = (id: string | undefined) => (id !== undefined && /^\d{1,15}$/.test(id) ? Number(id) : undefined)

/** Decides held referrals in one transaction, each with its line in the audit log naming the reasons decided; gives the ids decided. */
function decide(db: Db, held: HeldReferral[], decision: "credited" | "refused", by: AuditedBy, at: Date) {
  return db.write(async (trx) => {
    const decided: number[] = []
    for (const referral of held) {
      if (!(await decideHeld(db, trx, referral.id, decision, at))) continue
      await appendAudit(trx, {
        action: decision === "credited" ? "referral-credit" : "referral-refuse",
        ...by,
        at,
        subjectHash: addressHash(db, referral.referred),
        detail: referral.reasons.map((reason) => reason.name).join(", ") || null,
      })
      decided.push(referral.id)
    }
    return decided
  })
}

/** The decision a body asks for, or undefined once a bad body is answered. */
function decisionOf(req: Parameters<RequestHandler>[0], res: Response): "credited" | "refused" | undefined {
  const body = adminBody(req, res)
  if (!body) return undefined
  const parsed = decisionSchema.safeParse(body)
  if (!parsed.success) return void sendInvalid(res, "Decide to credit or refuse the referral.", "decision")
  return parsed.data.decision === "credit" ? "credited" : "refused"
}

/** The review queue's routes. */
export function referralReviewRoutes({ db, now }: { db: Db; now: () => Date }): {
  decideOne: RequestHandler
  decideAllOf: RequestHandler
} {
  return {
    /** POST /api/admin/referrals/held/:id `{decision: "credit" | "refuse"}`: one held referral decided, in the audit log. */
    async decideOne(req, res) {
      const id = idOf(pathParam(req, "id"))
      if (id === undefined) return sendJson(res, 404, { error: "There is no such held referral." })
      const decision = decisionOf(req, res)
      if (!decision) return
      const held = await db.read((on) => heldReferrals(on, { referredId: id }))
      const decided = await decide(db, held, decision, res.locals.by, now())
      if (decided.length === 0) return sendJson(res, 409, { error: "This referral is not held for review any more." })
      sendJson(res, 200, { id, state: decision })
    },
    /** POST /api/admin/referrals/referrers/:id/held `{decision}`: every held referral of one referrer decided at once, each in the audit log. */
    async decideAllOf(req, res) {
      const referrerId = idOf(pathParam(req, "id"))
      if (referrerId === undefined) return sendJson(res, 404, { error: "There is no such referrer." })
      const decision = decisionOf(req, res)
      if (!decision) return
      const held = await db.read((on) => heldReferrals(on, { referrerId }))
      const decided = await decide(db, held, decision, res.locals.by, now())
      sendJson(res, 200, { referrerId, state: decision, decided: decided.length })
    },
  }
}
