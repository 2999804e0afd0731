/**
 * What is kept of a person who left or was erased: a keyed hash of the
 * address and its confirmation caps (see migration 0004), so that signing
 * up again never buys another confirmation mail.
 */
import type { Db, Tx } from "../db/db"
import { storedTime, toDate, toDateOrNull } from "../db/schema"

/** What an entry about to go keeps its caps by: its address's key and its confirmation mails. */
export type Departing = { email_key: string; confirm_mails_sent: number; last_confirm_mail_at: string | Date | null }

/** Keeps the caps of an entry about to go, by a keyed hash of its address (see migration 0004). */
export async function rememberLeaver(db: Db, trx: Tx, entry: Departing, now: Date): Promise<void> {
  const last = entry.last_confirm_mail_at === null ? null : storedTime(toDate(entry.last_confirm_mail_at))
  const hash = db.keyedHash(entry.email_key)
  await trx
    .insertInto("waitlist_leavers")
    .values({
      address_hash: hash,
      confirm_mails_sent: entry.confirm_mails_sent,
      last_confirm_mail_at: last,
      left_at: storedTime(now),
    })
    .onConflict((conflict) =>
      conflict.column("address_hash").doUpdateSet({
        confirm_mails_sent: (eb) => eb.ref("excluded.confirm_mails_sent"),
        last_confirm_mail_at: (eb) => eb.ref("excluded.last_confirm_mail_at"),
        left_at: (eb) => eb.ref("excluded.left_at"),
      }),
    )
    .execute()
}

/** Takes back what was kept of a person who left, now that they signed up again; undefined when they never left. */
export async function takeBackLeaver(
  trx: Tx,
  hash: string,
): Promise<{ mailsSent: number; lastMailAt: Date | null } | undefined> {
  const row = await trx
    .deleteFrom("waitlist_leavers")
    .where("address_hash", "=", hash)
    .returning(["confirm_mails_sent", "last_confirm_mail_at"])
    .executeTakeFirst()
  return row && { mailsSent: row.confirm_mails_sent, lastMailAt: toDateOrNull(row.last_confirm_mail_at) }
}
