/**
 * What a sign-up writes of its own, in its transaction (see sign-up.ts):
 * the entry and its message (one entry per address key, see emailKey;
 * every submission a message of it), its confirmation, the caps a person
 * who left takes back, and the counts of what was thrown away.
 */
import { sql } from "kysely"
import type { Tx } from "../db/db"
import { storedTime, toDate } from "../db/schema"
import type { ConfirmationPlan } from "./confirmation-rules"
import { policyColumns, type PolicyVersion } from "../entries/privacy-policy-version"

/** What an entry's row says of its confirmation mails (see mayGetConfirmation). */
export type ConfirmationColumns = {
  confirmed_at: string | Date | null
  confirm_mails_sent: number
  last_confirm_mail_at: string | Date | null
}

/** A new entry's columns: who, and where its first sign-up came from. */
export type EntryColumns = {
  name: string
  email: string
  key: string
  nameKey: string
  lang: string | null
  referrerHost: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
}

/**
 * Adds an entry with its confirmation started, or marks the entry of the
 * address as written to again and leaves its confirmation alone. Gives the
 * entry's id and its confirmation as it stands after the write: a new
 * entry, and only a new one, holds this write's confirmation key (random,
 * so no other entry can hold it), which is what `isNew` says.
 */
export async function writeEntry(
  trx: Tx,
  entry: EntryColumns,
  now: Date,
  confirmation: ConfirmationPlan | null,
): Promise<{ id: number; isNew: boolean } & ConfirmationColumns> {
  const time = storedTime(now)
  const token = confirmation?.tokenKey ?? null
  // In SQL rather than the query builder, as the other inserts of a sign-up: the builder's cost showed under load (docs/benchmarks.md).
  const { rows } = await sql<{ id: number; is_new: unknown } & ConfirmationColumns>`
    INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at, confirm_token_hash, confirm_expires_at, confirm_mails_sent, last_confirm_mail_at,
      name_key, lang, referrer_host, utm_source, utm_medium, utm_campaign)
    VALUES (${entry.name}, ${entry.email}, ${entry.key}, ${time}, ${time}, ${token}, ${confirmation ? storedTime(confirmation.expiresAt) : null}, ${confirmation ? 1 : 0}, ${confirmation ? time : null},
      ${entry.nameKey}, ${entry.lang}, ${entry.referrerHost}, ${entry.utmSource}, ${entry.utmMedium}, ${entry.utmCampaign})
    ON CONFLICT (email_key) DO UPDATE SET updated_at = CASE WHEN excluded.updated_at > waitlist_entries.updated_at THEN excluded.updated_at ELSE waitlist_entries.updated_at END
    RETURNING id, confirmed_at, confirm_mails_sent, last_confirm_mail_at, confirm_token_hash = ${token} AS is_new`.execute(
    trx,
  )
  const [row] = rows
  if (!row) throw new Error("the entry was neither written nor found")
  return { ...row, isNew: Boolean(row.is_new) }
}

/** Adds a submission's message to its entry, with the privacy policy in force as it was sent. */
export async function writeMessage(
  trx: Tx,
  entryId: number,
  { name, message, metadata }: { name: string; message: string; metadata: Record<string, unknown> },
  now: Date,
  consent: PolicyVersion | null,
): Promise<number> {
  const policy = policyColumns(consent)
  const { rows } = await sql<{ id: number }>`
    INSERT INTO waitlist_messages (entry_id, name, message, metadata, submitted_at, policy_lang, policy_date, policy_sha256)
    VALUES (${entryId}, ${name}, ${message}, ${JSON.stringify(metadata)}, ${storedTime(now)}, ${policy.lang}, ${policy.date}, ${policy.sha256})
    RETURNING id`.execute(trx)
  const [row] = rows
  if (!row) throw new Error("the message was not written")
  return row.id
}

/** When an entry's `offset + 1`-th newest message was left, if it has that many: read along the index, never the whole history. */
export async function messageTimeAt(trx: Tx, entryId: number, offset: number): Promise<Date | null> {
  const row = await trx
    .selectFrom("waitlist_messages")
    .select("submitted_at")
    .where("entry_id", "=", entryId)
    .orderBy("id", "desc")
    .limit(1)
    .offset(offset)
    .executeTakeFirst()
  return row ? toDate(row.submitted_at) : null
}

/** Sets an entry's `updated_at` back to its newest message's time (a message was not kept after all). */
export async function restoreUpdatedAt(trx: Tx, entryId: number): Promise<void> {
  await trx
    .updateTable("waitlist_entries")
    .set({
      updated_at: (eb) =>
        eb
          .selectFrom("waitlist_messages")
          .select((inner) => inner.fn.max<string>("submitted_at").as("newest"))
          .where("entry_id", "=", entryId),
    })
    .where("id", "=", entryId)
    .execute()
}

/** Starts a confirmation of a known entry: its new link's key, when it expires, and one more mail counted. */
export async function startConfirmation(
  trx: Tx,
  entryId: number,
  confirmation: ConfirmationPlan,
  now: Date,
): Promise<void> {
  await trx
    .updateTable("waitlist_entries")
    .set({
      confirm_token_hash: confirmation.tokenKey,
      confirm_expires_at: storedTime(confirmation.expiresAt),
      confirm_mails_sent: sql`confirm_mails_sent + 1`,
      last_confirm_mail_at: storedTime(now),
    })
    .where("id", "=", entryId)
    .execute()
}

/** The counters of thrown-away submissions (rows of waitlist_counters). */
export type DiscardCounter = "bots_discarded" | "repeats_discarded"

export async function countDiscarded(trx: Tx, counter: DiscardCounter): Promise<void> {
  await trx
    .updateTable("waitlist_counters")
    .set({ value: sql`value + 1` })
    .where("name", "=", counter)
    .execute()
}

/** Gives a returning person's entry the caps it had when they left: no confirmation now (`confirmation` null), or this one counted after theirs. */
export async function inheritCaps(
  trx: Tx,
  entryId: number,
  caps: { mailsSent: number; lastMailAt: Date | null },
  confirmation: ConfirmationPlan | null,
): Promise<void> {
  await trx
    .updateTable("waitlist_entries")
    .set({
      confirm_mails_sent: caps.mailsSent,
      last_confirm_mail_at: caps.lastMailAt === null ? null : storedTime(caps.lastMailAt),
      confirm_token_hash: confirmation?.tokenKey ?? null,
      confirm_expires_at: confirmation ? storedTime(confirmation.expiresAt) : null,
    })
    .where("id", "=", entryId)
    .execute()
}
