/**
 * The outbox's statements, written once for SQLite and PostgreSQL: a
 * delivery queued in the transaction of what it tells of, claimed for a
 * lease (several instances claim at once, each different rows), renewed,
 * and ended as sent, retried or failed; and what the CLI, the dashboard
 * and the metrics read of it.
 */
import { sql } from "kysely"
import { mailboxProviderOf } from "../addresses/mailbox-provider"
import type { Db, On, Tx } from "../db/db"
import { storedTime, toDate, toDateOrNull } from "../db/schema"
import {
  LANES,
  VISITOR_MAIL_KINDS,
  laneOf,
  type Delivery,
  type DeliveryKind,
  type DeliveryLane,
  type DeliveryStatus,
  type NewDelivery,
} from "./deliveries"

/** An outbox row as the database gives it back. */
type OutboxRow = {
  id: number
  entry_id: number
  kind: string
  recipient: string
  payload: string
  status: string
  attempts: number
  next_attempt_at: string | Date
  lease_until: string | Date | null
  last_error: string | null
  created_at: string | Date
  sent_at: string | Date | null
  message_id: number | null
}

/** A delivery from its row. */
const deliveryOf = (row: OutboxRow): Delivery => ({
  id: row.id,
  entryId: row.entry_id,
  kind: row.kind as DeliveryKind,
  recipient: row.recipient,
  payload: row.payload,
  status: row.status as DeliveryStatus,
  attempts: row.attempts,
  nextAttemptAt: toDate(row.next_attempt_at),
  lastError: row.last_error,
  createdAt: toDate(row.created_at),
  sentAt: toDateOrNull(row.sent_at),
  messageId: row.message_id,
})

/** A delivery to queue for an entry: what the message it tells of is (for the team's mail), and when it is due (now by default). */
export type QueuedDelivery = { entryId: number; delivery: NewDelivery; messageId?: number | null; due?: Date }

/** Adds deliveries in one statement (a sign-up's, or an announcement's batch), each held while `paused`; gives each entry's delivery id. */
export async function queueDeliveries(
  trx: Tx,
  rows: QueuedDelivery[],
  now: Date,
  paused = false,
): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map()
  const values = rows.map(
    ({ entryId, delivery, messageId = null, due = now }) =>
      sql`(${entryId}, ${delivery.kind}, ${delivery.recipient}, ${delivery.payload}, ${delivery.ofMessage ? messageId : null}, ${paused ? "paused" : "pending"}, ${storedTime(due)}, ${storedTime(now)}, ${VISITOR_MAIL_KINDS.includes(delivery.kind) ? mailboxProviderOf(delivery.recipient) : null})`,
  )
  const { rows: written } = await sql<{ id: number; entry_id: number }>`
    INSERT INTO waitlist_outbox (entry_id, kind, recipient, payload, message_id, status, next_attempt_at, created_at, mailbox_provider)
    VALUES ${sql.join(values)}
    RETURNING id, entry_id`.execute(trx)
  return new Map(written.map((row) => [row.entry_id, row.id]))
}

/** Adds one delivery of an entry. */
export const queueDelivery = (
  trx: Tx,
  entryId: number,
  delivery: NewDelivery,
  now: Date,
  { messageId, due }: { messageId?: number | null; due?: Date } = {},
) => queueDeliveries(trx, [{ entryId, delivery, messageId, due }], now).then(() => undefined)

/**
 * Claims up to `max` due deliveries of these kinds (a lane's) for a lease,
 * counting the attempt; oldest due first. Each lane reads its own kinds
 * along the index by kind, so thousands of an announcement's mails waiting
 * are never read past by a claim of the lane of confirmations.
 */
export async function claimDue(
  db: Db,
  trx: Tx,
  kinds: readonly DeliveryKind[],
  now: Date,
  leaseMs: number,
  max: number,
): Promise<Delivery[]> {
  const rows = await trx
    .updateTable("waitlist_outbox")
    .set({ lease_until: storedTime(new Date(now.getTime() + leaseMs)), attempts: sql`attempts + 1` })
    .where("id", "in", (eb) =>
      db.skipLocked(
        eb
          .selectFrom("waitlist_outbox")
          .select("id")
          .where("kind", "in", [...kinds])
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", storedTime(now))
          .where((where) => where.or([where("lease_until", "is", null), where("lease_until", "<=", storedTime(now))]))
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(max),
      ),
    )
    .returningAll()
    .execute()
  return (rows as OutboxRow[])
    .map(deliveryOf)
    .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id)
}

/**
 * Holds the claims of deliveries still being tried for `leaseMs` more.
 * Each is renewed only while it is still the claim of that attempt
 * (`attempts` as claimed) and its outcome is not recorded, so a claim
 * another instance made after this one's lease ran out is left alone.
 */
export async function renewLeases(
  trx: Tx,
  claims: readonly Pick<Delivery, "id" | "attempts">[],
  now: Date,
  leaseMs: number,
): Promise<void> {
  const lease = storedTime(new Date(now.getTime() + leaseMs))
  for (const { id, attempts } of claims) {
    await trx
      .updateTable("waitlist_outbox")
      .set({ lease_until: lease })
      .where("id", "=", id)
      .where("attempts", "=", attempts)
      .where("status", "=", "pending")
      .where("lease_until", "is not", null)
      .execute()
  }
}

/** Ends claims before their lease runs out, due as they were (see renewLeases for which claims count; an announcement's paused meanwhile too, due once resumed). */
export async function releaseClaims(trx: Tx, claims: readonly Pick<Delivery, "id" | "attempts">[]): Promise<void> {
  for (const { id, attempts } of claims) {
    await trx
      .updateTable("waitlist_outbox")
      .set({ lease_until: null })
      .where("id", "=", id)
      .where("attempts", "=", attempts)
      .where("status", "in", ["pending", "paused"])
      .where("lease_until", "is not", null)
      .execute()
  }
}

/** Marks a delivery as sent and empties its payload, so no link's token outlives its mail. */
export async function markSent(trx: Tx, id: number, now: Date): Promise<void> {
  await trx
    .updateTable("waitlist_outbox")
    .set({ status: "sent", sent_at: storedTime(now), lease_until: null, payload: "{}", last_error: null })
    .where("id", "=", id)
    .execute()
}

/** Records a failed try: due again at `next`, or failed for good when that is null. */
export async function markFailed(trx: Tx, id: number, error: string, next: Date | null): Promise<void> {
  const update = next
    ? { next_attempt_at: storedTime(next), lease_until: null, last_error: error }
    : { status: "failed", lease_until: null, last_error: error }
  await trx.updateTable("waitlist_outbox").set(update).where("id", "=", id).execute()
}

/** Puts a failed delivery back in line, due now; false when there is no failed delivery with that id (given as typed: digits only). */
export async function retryFailedDelivery(db: Db, typed: string, now: Date): Promise<boolean> {
  if (!/^\d{1,15}$/.test(typed)) return false
  return db.write(async (trx) => {
    const changed = await trx
      .updateTable("waitlist_outbox")
      .set({ status: "pending", next_attempt_at: storedTime(now), attempts: 0, lease_until: null })
      .where("id", "=", Number(typed))
      .where("status", "=", "failed")
      .executeTakeFirst()
    return Number(changed.numUpdatedRows) > 0
  })
}

/**
 * Fails, with `error`, the waiting mails of an entry to its visitor (not
 * the team's mail, not webhook events) that no try holds now: what a
 * suppression of its address does. Gives their ids.
 */
export async function cancelVisitorMail(trx: Tx, entryId: number, error: string, now: Date): Promise<number[]> {
  const cancelled = await trx
    .updateTable("waitlist_outbox")
    .set({ status: "failed", lease_until: null, last_error: error })
    .where("entry_id", "=", entryId)
    .where("kind", "in", [...VISITOR_MAIL_KINDS])
    .where("status", "in", ["pending", "paused"])
    .where((where) => where.or([where("lease_until", "is", null), where("lease_until", "<=", storedTime(now))]))
    .returning("id")
    .execute()
  return cancelled.map((row) => row.id)
}

/**
 * Deletes the entry's deliveries of these kinds that wait and no try holds
 * now: mail that is no longer wanted (a reminder once its address is
 * confirmed), gone rather than failed. Gives how many.
 */
export async function dropWaitingDeliveries(
  trx: Tx,
  entryId: number,
  kinds: readonly DeliveryKind[],
  now: Date,
): Promise<number> {
  const dropped = await trx
    .deleteFrom("waitlist_outbox")
    .where("entry_id", "=", entryId)
    .where("kind", "in", [...kinds])
    .where("status", "=", "pending")
    .where((where) => where.or([where("lease_until", "is", null), where("lease_until", "<=", storedTime(now))]))
    .executeTakeFirst()
  return Number(dropped.numDeletedRows)
}

/** One delivery by its id, or null when there is none. */
export async function deliveryById(on: On, id: number): Promise<Delivery | null> {
  const row = await on.selectFrom("waitlist_outbox").selectAll().where("id", "=", id).executeTakeFirst()
  return row ? deliveryOf(row as OutboxRow) : null
}

/** The deliveries in these states, oldest first. */
export async function deliveriesIn(db: Db, statuses: readonly DeliveryStatus[]): Promise<Delivery[]> {
  if (statuses.length === 0) return []
  return db.read(async (on) =>
    (
      await on
        .selectFrom("waitlist_outbox")
        .selectAll()
        .where("status", "in", [...statuses])
        .orderBy("created_at")
        .orderBy("id")
        .execute()
    ).map((row) => deliveryOf(row as OutboxRow)),
  )
}

/** Deliveries waiting, and when the oldest of them was queued (null for none). */
export type PendingDeliveries = { pending: number; oldestPendingAt: Date | null }

/**
 * Where the outbox stands: the deliveries pending (due or not, an
 * announcement's included) in all and in each lane, and the mails of
 * paused announcements, which wait for `announce resume` rather than for
 * the worker and so are counted apart (their age says nothing of the
 * outbox's health).
 */
export type OutboxDepth = PendingDeliveries & { paused: number; lanes: Record<DeliveryLane, PendingDeliveries> }

/** How many deliveries are pending and paused, and since when, in all and by lane. */
export async function outboxDepth(db: Db): Promise<OutboxDepth> {
  const rows = await db.read((on) =>
    on
      .selectFrom("waitlist_outbox")
      .select((eb) => [
        "kind",
        "status",
        eb.fn.countAll<number | string>().as("n"),
        eb.fn.min("created_at").as("oldest"),
      ])
      .where("status", "in", ["pending", "paused"])
      .groupBy(["kind", "status"])
      .execute(),
  )
  const none = (): PendingDeliveries => ({ pending: 0, oldestPendingAt: null })
  const depth: OutboxDepth = {
    ...none(),
    paused: 0,
    lanes: Object.fromEntries(LANES.map((lane) => [lane, none()])) as Record<DeliveryLane, PendingDeliveries>,
  }
  const add = (to: PendingDeliveries, n: number, oldest: Date | null) => {
    to.pending += n
    if (oldest && (to.oldestPendingAt === null || oldest < to.oldestPendingAt)) to.oldestPendingAt = oldest
  }
  for (const row of rows) {
    if (row.status === "paused") {
      depth.paused += Number(row.n)
      continue
    }
    const oldest = toDateOrNull(row.oldest as string | Date | null)
    add(depth, Number(row.n), oldest)
    add(depth.lanes[laneOf(row.kind as DeliveryKind)], Number(row.n), oldest)
  }
  return depth
}

/** The outbox's health as the dashboard shows it: waiting and since when, failed for good, sent in the last day. */
export type OutboxHealth = { pending: number; failed: number; sentLastDay: number; oldestPendingSince: Date | null }

export async function outboxHealth(db: Db, now: Date): Promise<OutboxHealth> {
  return db.read(async (on) => {
    const counts = await on
      .selectFrom("waitlist_outbox")
      .select(["status", (eb) => eb.fn.countAll().as("n"), (eb) => eb.fn.min("created_at").as("oldest")])
      .where("status", "in", ["pending", "failed"])
      .groupBy("status")
      .execute()
    const sent = await on
      .selectFrom("waitlist_outbox")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "sent")
      .where("sent_at", ">=", storedTime(new Date(now.getTime() - 24 * 60 * 60 * 1000)))
      .executeTakeFirstOrThrow()
    const pending = counts.find((row) => row.status === "pending")
    return {
      pending: Number(pending?.n ?? 0),
      failed: Number(counts.find((row) => row.status === "failed")?.n ?? 0),
      sentLastDay: Number(sent.n),
      oldestPendingSince: pending?.oldest ? toDate(pending.oldest as string | Date) : null,
    }
  })
}
