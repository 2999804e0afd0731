/**
 * The sequences in the database (see migration 0013), written once for
 * SQLite and PostgreSQL: the steps as the job last read them, and one run
 * of the job, which takes the entries whose time has come (along the index
 * of `sequence_due_at`, a bounded batch, rows another instance holds
 * skipped), decides each one's next step by the rule of sequence-rules.ts
 * and queues its mail in the outbox, in one short transaction. The key of
 * (entry, step) makes each decision once, whatever else runs.
 */
import { addressHash } from "../addresses/address-hash"
import { suppressionsInForce } from "../bounces/suppressions"
import type { Db, On, Tx } from "../db/db"
import { storedTime, toDate } from "../db/schema"
import { addLeaveTokens } from "../entries/leave-tokens"
import { submissionLanguage } from "../entries/submission-language"
import { queueDeliveries } from "../outbox/outbox-queries"
import { referralTally } from "../referrals/referral-queries"
import { lineOf } from "../referrals/line"
import { nextSteps, type Decided, type ScheduledStep } from "./sequence-rules"
import type { SkipReason } from "../../admin-api/sequences"

/** What a person's mail of a step is written with: their entry, the language chosen, their place and the friends who joined through their link. */
export type SequenceRecipient = {
  entryId: number
  name: string
  email: string
  lang: string
  place: number | null
  friendsJoined: number
}

/** The outbox's draft of one person's mail of a step, with the key of its new leave link. */
export type QueuedSequenceMail = { payload: string; leaveTokenKey: string }

/** What one run of the job did: the entries it looked at, the mails it queued, the steps it skipped. */
export type RunOutcome = { looked: number; queued: number; skipped: number }

const parseMetadata = (text: string | null): Record<string, unknown> => {
  try {
    const value = JSON.parse(text ?? "{}") as unknown
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * Records the steps as read from the folder. When one is new or its delay
 * changed, every confirmed entry is due to be looked at again (a step
 * added later reaches those it is not a week overdue for); a step gone
 * from the folder is forgotten. Gives whether anything changed.
 */
export function recordSteps(db: Db, steps: readonly ScheduledStep[], now: Date): Promise<boolean> {
  return db.write(async (trx) => {
    const known = new Map(
      (await trx.selectFrom("waitlist_sequence_steps").select(["name", "after_ms"]).execute()).map((row) => [
        row.name,
        Number(row.after_ms),
      ]),
    )
    const changed = steps.filter((step) => known.get(step.name) !== step.afterMs)
    const gone = [...known.keys()].filter((name) => !steps.some((step) => step.name === name))
    if (gone.length > 0) await trx.deleteFrom("waitlist_sequence_steps").where("name", "in", gone).execute()
    if (changed.length === 0) return gone.length > 0
    await trx
      .insertInto("waitlist_sequence_steps")
      .values(changed.map((step) => ({ name: step.name, after_ms: step.afterMs, seen_at: storedTime(now) })))
      .onConflict((conflict) => conflict.column("name").doUpdateSet({ after_ms: (eb) => eb.ref("excluded.after_ms") }))
      .execute()
    await trx
      .updateTable("waitlist_entries")
      .set({ sequence_due_at: storedTime(now) })
      .where("confirmed_at", "is not", null)
      .where((where) =>
        where.or([where("sequence_due_at", "is", null), where("sequence_due_at", ">", storedTime(now))]),
      )
      .execute()
    return true
  })
}

/** The confirmed entries whose time has come, at most `max`, soonest first, locked for this run (PostgreSQL skips those another instance holds). */
function dueEntries(db: Db, trx: Tx, now: Date, max: number) {
  return db
    .skipLocked(
      trx
        .selectFrom("waitlist_entries as e")
        .select(["e.id", "e.name", "e.email", "e.confirmed_at"])
        .select((eb) =>
          eb
            .selectFrom("waitlist_messages as m")
            .select("m.metadata")
            .whereRef("m.entry_id", "=", "e.id")
            .orderBy("m.id", "desc")
            .limit(1)
            .as("metadata"),
        )
        .where("e.sequence_due_at", "<=", storedTime(now))
        .orderBy("e.sequence_due_at")
        .orderBy("e.id")
        .limit(max),
    )
    .execute()
}

/** What was decided before for these entries, by entry. */
async function decidedFor(on: On, ids: number[]): Promise<Map<number, Decided[]>> {
  const rows = await on
    .selectFrom("waitlist_sequence_mails")
    .select(["entry_id", "step", "state", "decided_at"])
    .where("entry_id", "in", ids)
    .execute()
  const found = new Map<number, Decided[]>()
  for (const row of rows)
    found.set(Number(row.entry_id), [
      ...(found.get(Number(row.entry_id)) ?? []),
      { step: row.step, state: row.state as Decided["state"], decidedAt: toDate(row.decided_at) },
    ])
  return found
}

/** The places in line of these entries (one indexed read of the line kept, for the batch). */
async function placesOf(on: On, ids: number[], boost: number): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await (await lineOf(on, boost)).where("p.entry_id", "in", ids).execute()
  return new Map(rows.map((row) => [Number(row.entry_id), Number(row.place)]))
}

/**
 * One batch of the job: for each confirmed entry due (at most `max`), the
 * steps it skips and the one step it is sent now, if any (see nextSteps),
 * recorded with its mail queued in the bulk lane (`mailFor` drafts it),
 * and when to look at it again.
 */
export function decideDueSteps(
  db: Db,
  {
    steps,
    now,
    max,
    boost,
    mailFor,
  }: {
    steps: readonly ScheduledStep[]
    now: Date
    max: number
    boost: number
    mailFor: (step: ScheduledStep, recipient: SequenceRecipient) => QueuedSequenceMail
  },
): Promise<RunOutcome> {
  return db.write(async (trx) => {
    const entries = await dueEntries(db, trx, now, max)
    const outcome: RunOutcome = { looked: entries.length, queued: 0, skipped: 0 }
    if (entries.length === 0) return outcome
    const ids = entries.map((entry) => Number(entry.id))
    const decided = await decidedFor(trx, ids)
    const hashes = entries.map((entry) => addressHash(db, entry.email))
    const suppressed = await suppressionsInForce(trx, hashes)
    const plans = entries.map((entry, i) => ({
      entry,
      next: nextSteps({
        steps,
        confirmedAt: toDate(entry.confirmed_at ?? now),
        decided: decided.get(Number(entry.id)) ?? [],
        suppressed: suppressed.has(hashes[i] ?? ""),
        now,
      }),
    }))
    const sending = plans.filter((plan) => plan.next.send !== null)
    const placeOf = await placesOf(
      trx,
      sending.map((plan) => Number(plan.entry.id)),
      boost,
    )
    const skipped = plans.flatMap(({ entry, next }) =>
      next.skip.map(({ step, reason }) => ({ entryId: Number(entry.id), step, reason })),
    )
    await recordSkipped(trx, skipped, now)
    outcome.skipped = skipped.length
    for (const { entry, next } of sending) {
      const step = next.send as ScheduledStep
      const wanted = submissionLanguage(parseMetadata(entry.metadata))
      const recipient: SequenceRecipient = {
        entryId: Number(entry.id),
        name: entry.name,
        email: entry.email,
        lang: step.languages.includes(wanted) ? wanted : "en",
        place: placeOf.get(Number(entry.id)) ?? null,
        friendsJoined: (await referralTally(trx, Number(entry.id))).credited,
      }
      if (await queueStep(trx, step, recipient, mailFor(step, recipient), now)) outcome.queued += 1
    }
    for (const { entry, next } of plans)
      await trx
        .updateTable("waitlist_entries")
        .set({ sequence_due_at: next.lookAgainAt && storedTime(next.lookAgainAt) })
        .where("id", "=", entry.id)
        .execute()
    return outcome
  })
}

/** Records the steps skipped for people, each with why (a decision made before stays). */
async function recordSkipped(trx: Tx, skipped: { entryId: number; step: string; reason: SkipReason }[], now: Date) {
  if (skipped.length === 0) return
  await trx
    .insertInto("waitlist_sequence_mails")
    .values(
      skipped.map(({ entryId, step, reason }) => ({
        entry_id: entryId,
        step,
        state: "skipped",
        reason,
        decided_at: storedTime(now),
      })),
    )
    .onConflict((conflict) => conflict.columns(["entry_id", "step"]).doNothing())
    .execute()
}

/** Records a person's step as queued and queues its mail, unless it was decided before (another instance); gives whether it queued. */
async function queueStep(
  trx: Tx,
  step: ScheduledStep,
  recipient: SequenceRecipient,
  mail: QueuedSequenceMail,
  now: Date,
): Promise<boolean> {
  const decided = await trx
    .insertInto("waitlist_sequence_mails")
    .values({
      entry_id: recipient.entryId,
      step: step.name,
      state: "queued",
      lang: recipient.lang,
      decided_at: storedTime(now),
    })
    .onConflict((conflict) => conflict.columns(["entry_id", "step"]).doNothing())
    .executeTakeFirst()
  if (Number(decided.numInsertedOrUpdatedRows ?? 0) === 0) return false
  await addLeaveTokens(trx, [{ entryId: recipient.entryId, key: mail.leaveTokenKey }])
  const deliveries = await queueDeliveries(
    trx,
    [
      {
        entryId: recipient.entryId,
        delivery: { kind: "sequence", recipient: recipient.email, payload: mail.payload },
      },
    ],
    now,
  )
  await trx
    .updateTable("waitlist_sequence_mails")
    .set({ delivery_id: deliveries.get(recipient.entryId) ?? null })
    .where("entry_id", "=", recipient.entryId)
    .where("step", "=", step.name)
    .execute()
  return true
}
