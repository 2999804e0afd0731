/**
 * Bounces, complaints and the addresses they suppress, written in the
 * transactions that learn of them: each counted once per delivery and kind,
 * an address kept only as its keyed hash, its waiting mail cancelled with
 * the suppression. Visitors' mails ask here before they go.
 */
import { addressHash } from "../addresses/address-hash"
import { appendAudit, type AuditedBy } from "../audit/audit-log"
import type { Db, On, Tx } from "../db/db"
import { storedTime, toDate } from "../db/schema"
import { VISITOR_MAIL_KINDS, type BounceKind, type Delivery, type Settled } from "../outbox/deliveries"
import { cancelVisitorMail } from "../outbox/outbox-queries"
import { bounceDetail } from "../outbox/smtp-refusal"

/** How many soft bounces in a row suppress an address: its last this many mails all bounced. */
export const SOFT_BOUNCES_IN_A_ROW = 3

/** Why an address is suppressed. */
export type SuppressionReason = "hard bounce" | "complaint" | "soft bounces"

/** What a bounce or complaint changed: nothing (and why), or it was counted, suppressing its address or not. */
export type BounceOutcome =
  | { counted: false; why: "unknown delivery" | "not a mail to a visitor" | "counted before" }
  | { counted: true; deliveryId: number; kind: BounceKind; suppressed: SuppressionReason | null }

/** The error a mail cancelled by a suppression is left with. */
export const SUPPRESSED_ERROR =
  "not mailed: the address is suppressed (a bounce or a complaint); `npm run waitlist -- unsuppress <address>` lifts it"

const visitorKinds = [...VISITOR_MAIL_KINDS]

/** Whether an address's keyed hash is suppressed now. */
export async function isSuppressed(on: On, hash: string): Promise<boolean> {
  const row = await on
    .selectFrom("waitlist_suppressions")
    .select("address_hash")
    .where("address_hash", "=", hash)
    .where("lifted_at", "is", null)
    .executeTakeFirst()
  return row !== undefined
}

/** Whether an address gets no mail (for a test send, which has no entry). */
export const isAddressSuppressed = (db: Db, address: string): Promise<boolean> =>
  db.read((on) => isSuppressed(on, addressHash(db, address)))

/** The suppressions in force among these hashes, by hash. */
export async function suppressionsInForce(
  on: On,
  hashes: string[],
): Promise<Map<string, { at: Date; reason: string }>> {
  const found = new Map<string, { at: Date; reason: string }>()
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await on
      .selectFrom("waitlist_suppressions")
      .select(["address_hash", "suppressed_at", "reason"])
      .where("address_hash", "in", hashes.slice(i, i + 500))
      .where("lifted_at", "is", null)
      .execute()
    for (const row of rows) found.set(row.address_hash, { at: toDate(row.suppressed_at), reason: row.reason })
  }
  return found
}

/** Why a claimed mail to a visitor is not sent (its address was suppressed since it was queued), or null when it may be. */
export async function visitorMailSuppressed(db: Db, trx: Tx, delivery: Delivery): Promise<string | null> {
  return (await isSuppressed(trx, addressHash(db, delivery.recipient))) ? SUPPRESSED_ERROR : null
}

/** What a try at a mail to a visitor tells the suppressions: a refusal of its address at delivery is counted as a bounce. */
export async function visitorMailSettled(
  db: Db,
  trx: Tx,
  delivery: Delivery,
  { bounce, error }: Settled,
  now: Date,
): Promise<void> {
  if (bounce) await recordBounce(db, trx, delivery.id, bounce, `smtp ${bounceDetail(error ?? "")}`, now)
}

/** Suppresses a hash (a suppression in force keeps its first reason) and cancels the entry's waiting mail to it. */
async function suppress(
  trx: Tx,
  hash: string,
  entryId: number,
  reason: SuppressionReason,
  detail: string | null,
  deliveryId: number,
  now: Date,
) {
  await trx
    .insertInto("waitlist_suppressions")
    .values({
      address_hash: hash,
      reason,
      detail,
      delivery_id: deliveryId,
      suppressed_at: storedTime(now),
      lifted_at: null,
    })
    .onConflict((conflict) =>
      conflict
        .column("address_hash")
        .doUpdateSet({ reason, detail, delivery_id: deliveryId, suppressed_at: storedTime(now), lifted_at: null })
        .where("waitlist_suppressions.lifted_at", "is not", null),
    )
    .execute()
  await cancelVisitorMail(trx, entryId, SUPPRESSED_ERROR, now)
}

/** Whether the entry's last SOFT_BOUNCES_IN_A_ROW mails to its address all bounced since its last suppression was lifted. */
async function bouncedInARow(trx: Tx, entryId: number, hash: string): Promise<boolean> {
  const last = await trx
    .selectFrom("waitlist_outbox")
    .select("id")
    .where("entry_id", "=", entryId)
    .where("kind", "in", visitorKinds)
    .where("status", "in", ["sent", "failed"])
    .orderBy("id", "desc")
    .limit(SOFT_BOUNCES_IN_A_ROW)
    .execute()
  if (last.length < SOFT_BOUNCES_IN_A_ROW) return false
  const lifted = await trx
    .selectFrom("waitlist_suppressions")
    .select("lifted_at")
    .where("address_hash", "=", hash)
    .executeTakeFirst()
  const bounced = await trx
    .selectFrom("waitlist_bounces")
    .select("delivery_id")
    .distinct()
    .where(
      "delivery_id",
      "in",
      last.map((row) => row.id),
    )
    .where("kind", "in", ["hard", "soft"])
    .$if(Boolean(lifted?.lifted_at), (query) =>
      query.where("received_at", ">", storedTime(toDate(lifted?.lifted_at as string | Date))),
    )
    .execute()
  return bounced.length === SOFT_BOUNCES_IN_A_ROW
}

/**
 * Counts a bounce or complaint of a delivery, once per delivery and
 * kind: a hard bounce or a complaint suppresses the address the delivery
 * went to (never an address the report names), and so does the third
 * soft bounce in a row. A bounce of a mail to the team suppresses nothing.
 */
export async function recordBounce(
  db: Db,
  trx: Tx,
  deliveryId: number,
  kind: BounceKind,
  detail: string | null,
  now: Date,
): Promise<BounceOutcome> {
  const row = await trx
    .selectFrom("waitlist_outbox")
    .select(["kind", "entry_id", "recipient"])
    .where("id", "=", deliveryId)
    .executeTakeFirst()
  if (!row) return { counted: false, why: "unknown delivery" }
  if (!visitorKinds.includes(row.kind as never)) return { counted: false, why: "not a mail to a visitor" }
  const hash = addressHash(db, row.recipient)
  const inserted = await trx
    .insertInto("waitlist_bounces")
    .values({ delivery_id: deliveryId, kind, address_hash: hash, detail, received_at: storedTime(now) })
    .onConflict((conflict) => conflict.columns(["delivery_id", "kind"]).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { counted: false, why: "counted before" }
  const reason: SuppressionReason | null =
    kind === "hard"
      ? "hard bounce"
      : kind === "complaint"
        ? "complaint"
        : (await bouncedInARow(trx, row.entry_id, hash))
          ? "soft bounces"
          : null
  if (reason) await suppress(trx, hash, row.entry_id, reason, detail, deliveryId, now)
  return { counted: true, deliveryId, kind, suppressed: reason }
}

/** Counts a bounce or complaint of a delivery in a transaction of its own (see recordBounce): one read from the bounce mailbox or piped in. */
export const countBounce = (
  db: Db,
  deliveryId: number,
  kind: BounceKind,
  detail: string | null,
  now: Date,
): Promise<BounceOutcome> => db.write((trx) => recordBounce(db, trx, deliveryId, kind, detail, now))

/** Lifts the suppression of an address, with its line in the audit log; false (and no line) when it was not suppressed. */
export function liftSuppression(db: Db, address: string, { actor, ip }: AuditedBy, now: Date): Promise<boolean> {
  return db.write(async (trx) => {
    const hash = addressHash(db, address)
    const lifted = await trx
      .updateTable("waitlist_suppressions")
      .set({ lifted_at: storedTime(now) })
      .where("address_hash", "=", hash)
      .where("lifted_at", "is", null)
      .executeTakeFirst()
    if (Number(lifted.numUpdatedRows) === 0) return false
    await appendAudit(trx, { action: "unsuppress", actor, at: now, ip, subjectHash: hash })
    return true
  })
}
