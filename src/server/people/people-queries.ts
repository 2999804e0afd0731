/**
 * A person's data as the admin reads, exports and erases it (GDPR Articles
 * 15 and 17), and the entries' search.
 */
import { sql } from "kysely"
import { addressHash } from "../addresses/address-hash"
import { emailKey } from "../addresses/email-identity"
import { appendAudit, type Actor, type Page } from "../audit/audit-log"
import type { Db } from "../db/db"
import { storedTime, toDate, toDateOrNull } from "../db/schema"
import { referralsHeldOf, type ReferralsHeld } from "../referrals/referral-queries"
import { departFromLine } from "../referrals/line"
import { rewardsOfEntry, type RewardOfPerson } from "../rewards/reward-queries"
import { rememberLeaver } from "../entries/leavers"
import { policyOfColumns, type PolicyVersion } from "../entries/privacy-policy-version"
import { folded } from "../../waitlist/folded-text"
import { counted } from "../../words/counted"

/** An entry as the entries page lists it. */
export type EntrySummary = {
  email: string
  name: string
  createdAt: Date
  updatedAt: Date
  confirmedAt: Date | null
  lang: string | null
  messages: number
}

/** Everything the waitlist holds about one address (GDPR Art. 15), as the store reads it. */
export type PersonRecord = {
  entry: {
    name: string
    email: string
    createdAt: Date
    updatedAt: Date
    confirmedAt: Date | null
    confirmedPolicy: PolicyVersion | null
    lang: string | null
    source: {
      referrerHost: string | null
      utmSource: string | null
      utmMedium: string | null
      utmCampaign: string | null
    }
    confirmationMailsSent: number
    lastConfirmationMailAt: Date | null
    confirmationLinkExpiresAt: Date | null
    leaveLinks: number
  } | null
  messages: {
    submittedAt: Date
    name: string
    message: string
    metadata: Record<string, unknown>
    policy: PolicyVersion | null
  }[]
  deliveries: { kind: string; status: string; queuedAt: Date; sentAt: Date | null; attempts: number }[]
  /** The entry's mail of each announcement: which, in which language, when queued and sent, what became of it, and any bounce or complaint. */
  announcementMails: {
    slug: string
    lang: string
    queuedAt: Date | null
    sentAt: Date | null
    outcome: "sent" | "failed" | "waiting"
    bouncedAt: Date | null
    complainedAt: Date | null
  }[]
  /** What the sequences decided for the entry, step by step: its mail queued (in a language), or the step skipped and why. */
  sequenceMails: { step: string; state: string; reason: string | null; lang: string | null; decidedAt: Date }[]
  /** The address's suppression (no mail of any kind goes to it), kept by a keyed hash: when, why, and when it was lifted; null when it never was. */
  suppression: { suppressedAt: Date; reason: string; liftedAt: Date | null } | null
  /** The bounces and complaints counted against the address, by the same keyed hash. */
  bounces: { kind: string; receivedAt: Date }[]
  /** What is kept of the address after it left the list: a keyed hash with its confirmation mails. */
  departure: { leftAt: Date; confirmationMailsSent: number } | null
  erasures: { erasedAt: Date }[]
  /** The entry's personal code and referrals (see referralsHeldOf); null without an entry. */
  referrals: ReferralsHeld | null
  /** The rewards the entry earned (see rewardsOfEntry), with the code each was paid with. */
  rewards: RewardOfPerson[]
}

/** A search term as a LIKE pattern matching it anywhere, its wildcards taken literally (`!` escapes, on both databases). */
const containing = (term: string) => `%${term.replace(/[!%_]/g, (char) => `!${char}`)}%`

const parseMetadata = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/** Everything held about an address (its entry, messages, mail, its suppression and bounces, and what is kept after it left or was erased); null when nothing is. */
export function personRecord(db: Db, email: string): Promise<PersonRecord | null> {
  return db.read(async (on) => {
    const hash = addressHash(db, email)
    const row = await on
      .selectFrom("waitlist_entries")
      .selectAll()
      .where("email_key", "=", emailKey(email))
      .executeTakeFirst()
    const left = await on.selectFrom("waitlist_leavers").selectAll().where("address_hash", "=", hash).executeTakeFirst()
    const erasures = await on
      .selectFrom("waitlist_erasures")
      .select("erased_at")
      .where("address_hash", "=", hash)
      .orderBy("id")
      .execute()
    const suppression = await on
      .selectFrom("waitlist_suppressions")
      .select(["suppressed_at", "reason", "lifted_at"])
      .where("address_hash", "=", hash)
      .executeTakeFirst()
    const bounces = await on
      .selectFrom("waitlist_bounces")
      .select(["kind", "received_at"])
      .where("address_hash", "=", hash)
      .orderBy("received_at")
      .execute()
    if (!row && !left && erasures.length === 0 && !suppression) return null
    const messages = row
      ? await on.selectFrom("waitlist_messages").selectAll().where("entry_id", "=", row.id).orderBy("id").execute()
      : []
    const deliveries = row
      ? await on
          .selectFrom("waitlist_outbox")
          .select(["kind", "status", "created_at", "sent_at", "attempts"])
          .where("entry_id", "=", row.id)
          .orderBy("id")
          .execute()
      : []
    const announcementMails = row
      ? await on
          .selectFrom("waitlist_announcement_mails as m")
          .innerJoin("waitlist_announcements as a", "a.id", "m.announcement_id")
          .leftJoin("waitlist_outbox as o", "o.id", "m.delivery_id")
          .select(["a.slug", "m.lang", "m.outcome", "o.status", "o.created_at", "o.sent_at"])
          .select((eb) => [
            eb
              .selectFrom("waitlist_bounces as b")
              .select((inner) => inner.fn.min("b.received_at").as("at"))
              .whereRef("b.delivery_id", "=", "m.delivery_id")
              .where("b.kind", "in", ["hard", "soft"])
              .as("bounced_at"),
            eb
              .selectFrom("waitlist_bounces as b")
              .select((inner) => inner.fn.min("b.received_at").as("at"))
              .whereRef("b.delivery_id", "=", "m.delivery_id")
              .where("b.kind", "=", "complaint")
              .as("complained_at"),
          ])
          .where("m.entry_id", "=", row.id)
          .orderBy("m.announcement_id")
          .execute()
      : []
    const sequenceMails = row
      ? await on
          .selectFrom("waitlist_sequence_mails")
          .select(["step", "state", "reason", "lang", "decided_at"])
          .where("entry_id", "=", row.id)
          .orderBy("decided_at")
          .orderBy("step")
          .execute()
      : []
    const leaveLinks = row
      ? Number(
          (
            await on
              .selectFrom("waitlist_leave_tokens")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("entry_id", "=", row.id)
              .executeTakeFirstOrThrow()
          ).n,
        )
      : 0
    return {
      entry: row
        ? {
            name: row.name,
            email: row.email,
            createdAt: toDate(row.created_at),
            updatedAt: toDate(row.updated_at),
            confirmedAt: toDateOrNull(row.confirmed_at),
            confirmedPolicy: policyOfColumns(
              row.confirmed_policy_lang,
              row.confirmed_policy_date,
              row.confirmed_policy_sha256,
            ),
            lang: row.lang,
            source: {
              referrerHost: row.referrer_host,
              utmSource: row.utm_source,
              utmMedium: row.utm_medium,
              utmCampaign: row.utm_campaign,
            },
            confirmationMailsSent: row.confirm_mails_sent,
            lastConfirmationMailAt: toDateOrNull(row.last_confirm_mail_at),
            confirmationLinkExpiresAt: row.confirmed_at === null ? toDateOrNull(row.confirm_expires_at) : null,
            leaveLinks,
          }
        : null,
      messages: messages.map((message) => ({
        submittedAt: toDate(message.submitted_at),
        name: message.name,
        message: message.message,
        metadata: parseMetadata(message.metadata),
        policy: policyOfColumns(message.policy_lang, message.policy_date, message.policy_sha256),
      })),
      deliveries: deliveries.map((delivery) => ({
        kind: delivery.kind,
        status: delivery.status,
        queuedAt: toDate(delivery.created_at),
        sentAt: toDateOrNull(delivery.sent_at),
        attempts: delivery.attempts,
      })),
      announcementMails: announcementMails.map((mail) => ({
        slug: mail.slug,
        lang: mail.lang,
        queuedAt: toDateOrNull(mail.created_at),
        sentAt: toDateOrNull(mail.sent_at),
        // A mail cancelled by a suppression had no try: its delivery failed without one.
        outcome:
          mail.outcome === "sent" || mail.outcome === "failed"
            ? mail.outcome
            : mail.status === "failed"
              ? "failed"
              : "waiting",
        bouncedAt: toDateOrNull(mail.bounced_at as string | Date | null),
        complainedAt: toDateOrNull(mail.complained_at as string | Date | null),
      })),
      sequenceMails: sequenceMails.map((mail) => ({
        step: mail.step,
        state: mail.state,
        reason: mail.reason,
        lang: mail.lang,
        decidedAt: toDate(mail.decided_at),
      })),
      referrals: row ? await referralsHeldOf(on, row) : null,
      rewards: row ? await rewardsOfEntry(on, row.id) : [],
      suppression: suppression
        ? {
            suppressedAt: toDate(suppression.suppressed_at),
            reason: suppression.reason,
            liftedAt: toDateOrNull(suppression.lifted_at),
          }
        : null,
      bounces: bounces.map((bounce) => ({ kind: bounce.kind, receivedAt: toDate(bounce.received_at) })),
      departure: left ? { leftAt: toDate(left.left_at), confirmationMailsSent: left.confirm_mails_sent } : null,
      erasures: erasures.map(({ erased_at }) => ({ erasedAt: toDate(erased_at) })),
    }
  })
}

/**
 * Erases the entry of an address (GDPR Art. 17) with all that names it, in
 * one transaction. Kept: the erasure's record, the keyed hashes of the
 * caps and of a suppression (so an erased address is still not mailed), and
 * the audit line. The files' bytes are erasePerson's.
 * @returns how many entries were erased (0 or 1), and the ids of the deliveries that were its
 */
export function eraseRecords(
  db: Db,
  email: string,
  by: Actor,
  ip: string | null,
  now: Date,
): Promise<{ erased: number; deliveryIds: number[] }> {
  return db.write(async (trx) => {
    const key = emailKey(email)
    const hash = db.keyedHash(key)
    const entry = await trx
      .selectFrom("waitlist_entries")
      .select(["id", "email_key", "confirm_mails_sent", "last_confirm_mail_at", "confirmed_at"])
      .where("email_key", "=", key)
      .executeTakeFirst()
    const audit = { action: "erase", actor: by, at: now, ip, subjectHash: hash } as const
    if (!entry) {
      await appendAudit(trx, { ...audit, detail: "nothing to erase" })
      return { erased: 0, deliveryIds: [] }
    }
    const deliveries = await trx.selectFrom("waitlist_outbox").select("id").where("entry_id", "=", entry.id).execute()
    const messages = Number(
      (
        await trx
          .selectFrom("waitlist_messages")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("entry_id", "=", entry.id)
          .executeTakeFirstOrThrow()
      ).n,
    )
    await rememberLeaver(db, trx, entry, now)
    await trx.deleteFrom("waitlist_announcement_mails").where("entry_id", "=", entry.id).execute()
    await trx.deleteFrom("waitlist_bounces").where("address_hash", "=", hash).execute()
    await trx
      .updateTable("waitlist_suppressions")
      .set({ delivery_id: null, detail: null })
      .where("address_hash", "=", hash)
      .execute()
    await departFromLine(db, trx, entry.id)
    await trx.deleteFrom("waitlist_entries").where("id", "=", entry.id).execute()
    await trx
      .insertInto("waitlist_erasures")
      .values({ address_hash: hash, erased_at: storedTime(now), erased_by: by.label })
      .execute()
    await appendAudit(trx, {
      ...audit,
      detail: `the entry and its ${counted(messages, "message")}`,
    })
    return { erased: 1, deliveryIds: deliveries.map((row) => row.id) }
  })
}

/**
 * A page of the entries, newest first; with a term, only those whose
 * address or name contains it (compared folded, as addresses are keyed:
 * case, width and compatibility forms aside).
 */
export function searchEntries(db: Db, term: string, page: number, pageSize: number): Promise<Page<EntrySummary>> {
  return db.read(async (on) => {
    const pattern = containing(folded(term.trim()))
    const matching =
      term.trim() === ""
        ? on.selectFrom("waitlist_entries")
        : on
            .selectFrom("waitlist_entries")
            .where(sql<boolean>`(email_key LIKE ${pattern} ESCAPE '!' OR name_key LIKE ${pattern} ESCAPE '!')`)
    const total = Number((await matching.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)
    const rows = await matching
      .select((eb) => [
        "id",
        "email",
        "name",
        "created_at",
        "updated_at",
        "confirmed_at",
        "lang",
        eb
          .selectFrom("waitlist_messages")
          .select((inner) => inner.fn.countAll().as("n"))
          .whereRef("waitlist_messages.entry_id", "=", "waitlist_entries.id")
          .as("messages"),
      ])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute()
    const items = rows.map((row) => ({
      email: row.email,
      name: row.name,
      createdAt: toDate(row.created_at),
      updatedAt: toDate(row.updated_at),
      confirmedAt: toDateOrNull(row.confirmed_at),
      lang: row.lang,
      messages: Number(row.messages ?? 0),
    }))
    return { items, total, page, pageSize }
  })
}
