/**
 * Where each step of the sequences stands, as `sequence status` and the
 * admin show it: how many people got it, whose mail waits, whose failed,
 * who is due for it now, who gets it later, and who was skipped and why.
 * People who left or were erased are no longer counted: what the list
 * kept of them went with them.
 */
import { sql } from "kysely"
import type { Db } from "../db/db"
import { storedTime } from "../db/schema"
import { MOST_OVERDUE_MS, type ScheduledStep } from "./sequence-rules"
import type { StepStatus } from "../../admin-api/sequences"

const count = (condition: ReturnType<typeof sql<boolean>>) => sql<number>`SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`

/** Where each step stands on `now`. */
export function stepStatus(db: Db, steps: readonly ScheduledStep[], now: Date): Promise<StepStatus[]> {
  return db.read(async (on) => {
    const result: StepStatus[] = []
    for (const step of steps) {
      const decided = await on
        .selectFrom("waitlist_sequence_mails as m")
        .leftJoin("waitlist_outbox as o", "o.id", "m.delivery_id")
        .select([
          count(sql`m.state = 'queued' AND o.status = 'sent'`).as("sent"),
          count(sql`m.state = 'queued' AND (o.status IS NULL OR o.status IN ('pending', 'paused'))`).as("waiting"),
          count(sql`m.state = 'queued' AND o.status = 'failed'`).as("failed"),
          count(sql`m.state = 'skipped' AND m.reason = 'overdue'`).as("overdue"),
          count(sql`m.state = 'skipped' AND m.reason = 'suppressed'`).as("suppressed"),
        ])
        .where("m.step", "=", step.name)
        .executeTakeFirstOrThrow()
      const dueBy = storedTime(new Date(now.getTime() - step.afterMs))
      const lateBy = storedTime(new Date(now.getTime() - step.afterMs - MOST_OVERDUE_MS))
      const open = await on
        .selectFrom("waitlist_entries as e")
        .select([
          count(sql`e.confirmed_at > ${dueBy}`).as("later"),
          count(sql`e.confirmed_at <= ${dueBy} AND e.confirmed_at >= ${lateBy}`).as("due"),
          count(sql`e.confirmed_at < ${lateBy}`).as("overdue"),
        ])
        .where("e.confirmed_at", "is not", null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("waitlist_sequence_mails as m")
                .select("m.entry_id")
                .whereRef("m.entry_id", "=", "e.id")
                .where("m.step", "=", step.name),
            ),
          ),
        )
        .executeTakeFirstOrThrow()
      result.push({
        step: step.name,
        afterMs: step.afterMs,
        sent: Number(decided.sent ?? 0),
        waiting: Number(decided.waiting ?? 0),
        failed: Number(decided.failed ?? 0),
        due: Number(open.due ?? 0),
        later: Number(open.later ?? 0),
        skipped: {
          overdue: Number(decided.overdue ?? 0) + Number(open.overdue ?? 0),
          suppressed: Number(decided.suppressed ?? 0),
        },
      })
    }
    return result
  })
}
