import { deliveryKinds } from "../../src/server/assemble"
import type { Db } from "../../src/server/db/db"
import { KINDS_OF_LANE, type Delivery, type DeliveryKind, type DeliveryLane } from "../../src/server/outbox/deliveries"
import { deliveryTag } from "../../src/server/outbox/delivery-tags"
import { markFailed, markSent } from "../../src/server/outbox/outbox-queries"
import { claimDeliveries, recordOutcome, type Claimed } from "../../src/server/outbox/outbox-worker"
import { readSettings } from "../../src/server/settings"

/** Every kind of delivery, for a claim that takes any. */
const EVERY_KIND: DeliveryKind[] = Object.values(KINDS_OF_LANE).flat()

/** The settings the outbox's kinds write with in these tests. */
const settings = readSettings({
  SITE_URL: "https://storyling.example.com",
  WAITLIST_NOTIFY_TO: "team@example.com",
  MAIL_RETRY_BASE_MS: "15000",
})
const { mail } = settings

/** Claims due deliveries as the worker does (of one lane, or of every kind), each loaded by its kind. */
export const claim = (db: Db, now: Date, leaseMs: number, max: number, lane?: DeliveryLane): Promise<Claimed[]> =>
  claimDeliveries(db, deliveryKinds(db, settings), lane ? KINDS_OF_LANE[lane] : EVERY_KIND, now, leaseMs, max)

/** The deliveries a claim took, without how to write them. */
export const claimed = async (...args: Parameters<typeof claim>): Promise<Delivery[]> =>
  (await claim(...args)).map(({ delivery }) => delivery)

/** Records a delivery as sent, as the worker does after a try that worked (its kind hears of it). */
export const complete = (db: Db, delivery: Delivery, now: Date) =>
  recordOutcome(db, deliveryKinds(db, settings), delivery, { ok: true }, mail.retryBaseMs, now)

/** Records a failed try, as the worker does (for good when `permanent`), with the bounce the server's refusal was. */
export const fail = (
  db: Db,
  delivery: Delivery,
  now: Date,
  error: string,
  permanent: boolean,
  bounce?: "hard" | "soft",
) =>
  recordOutcome(
    db,
    deliveryKinds(db, settings),
    delivery,
    { ok: false, permanent, error, ...(bounce ? { bounce } : {}) },
    mail.retryBaseMs,
    now,
  )

/** Marks a delivery sent, as the outbox's own query does (no kind is told). */
export const markDone = (db: Db, id: number, now: Date) => db.write((trx) => markSent(trx, id, now))

/** Records a failed try, due again at `next` (null: failed for good), as the outbox's own query does (no kind is told). */
export const markTriedAndFailed = (db: Db, id: number, error: string, next: Date | null) =>
  db.write((trx) => markFailed(trx, id, error, next))

/** The text of a claimed team mail, as the outbox writes it. */
export function writtenText(claim: Claimed | undefined): string {
  const outgoing = claim?.write()
  return outgoing && "mail" in outgoing ? outgoing.mail.text : ""
}

/** Which of these messages a team mail's text tells of, in the order it tells them. */
export const messagesIn = (text: string, messages: string[]): string[] =>
  messages
    .filter((message) => text.includes(`\n${message}\n`))
    .sort((a, b) => text.indexOf(`\n${a}\n`) - text.indexOf(`\n${b}\n`))

/** The signed tag of a delivery, as its mail's bounce address and header carry it (see delivery-tags.ts). */
export const tagOf = (db: Db, id: number): Promise<string> =>
  db.read(async () => deliveryTag(db.secret("bounce_key"), id))
