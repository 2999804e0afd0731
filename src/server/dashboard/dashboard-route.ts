/**
 * GET /api/admin/dashboard?days=30: the figures of the dashboard (owner,
 * marketing): the sign-ups of the period, the outbox's health, the mail's
 * health by mailbox provider (`mailHealth`, as `stats --json` has it), and under
 * `visits` the visits of the same days with their funnel, as `npm run
 * waitlist -- stats --json` prints them (one function computes both:
 * visitStats).
 */
import type { RequestHandler } from "express"
import { z } from "zod"
import type { Db } from "../db/db"
import { queryParam, sendInvalid, sendJson } from "../http/answers"
import { mailHealth } from "../mail-health/provider-health"
import { outboxHealth } from "../outbox/outbox-queries"
import { signUpFigures } from "../entries/sign-up-figures"
import { visitStats } from "../visits/visit-stats"

/** The periods the dashboard shows, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90, 365] as const

const period = z
  .enum(DASHBOARD_PERIODS.map(String) as [string, ...string[]])
  .default("30")
  .transform(Number)

export function dashboardRoute({
  db,
  now,
  siteHosts,
}: {
  db: Db
  now: () => Date
  siteHosts: readonly string[]
}): RequestHandler {
  return async (req, res) => {
    const days = period.safeParse(queryParam(req, "days"))
    if (!days.success) return sendInvalid(res, `Ask for ${DASHBOARD_PERIODS.join(", ")} days.`, "days")
    const at = now()
    const figures = await signUpFigures(db, days.data, at)
    const outbox = await outboxHealth(db, at)
    const visits = await visitStats(db, { days: days.data, now: at, ownHosts: siteHosts })
    sendJson(res, 200, { periodDays: days.data, ...figures, outbox, visits, mailHealth: await mailHealth(db, at) })
  }
}
