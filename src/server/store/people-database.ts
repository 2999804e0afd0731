import { sql } from "kysely"
import type { Actor, DashboardFigures, EntrySummary, Page, PersonRecord } from "../admin/admin-store"
import { emailKey, folded } from "../waitlist/email-identity"
import type { PolicyVersion } from "../waitlist/privacy-policy-version"
import { storedTime, toDate, toDateOrNull } from "./database"
import type { Tx } from "./dialect"
import type { StoreAccess } from "./store-access"

const DAY_MS = 24 * 60 * 60 * 1000
/** The sources the dashboard lists, the largest first. */
const TOP_SOURCES = 20

/** What keeps an entry's caps once it is gone (see WaitlistDatabase's rememberLeaver). */
export type RememberLeaver = (trx: Tx, entry: { email_key: string; confirm_mails_sent: number; last_confirm_mail_at: string | Date | null }, now: Date) => Promise<void>

/** A version of the privacy policy from the columns that keep it; null when they were not written (rows before migration 0006). */
const policyOf = (lang: string | null, date: string | null, sha256: string | null): PolicyVersion | null =>
  lang !== null && date !== null && sha256 !== null ? { lang, effectiveDate: date, sha256 } : null

/** A search term as a LIKE pattern matching it anywhere, its wildcards taken literally (`!` escapes, on both databases). */
const containing = (term: string) => `%${term.replace(/[!%_]/g, (char) => `!${char}`)}%`

const parseMetadata = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * A person's data as the admin reads, exports and erases it, the entries'
 * search and the dashboard's figures, over the waitlist's database (see
 * StoreAccess).
 */
export class PeopleDatabase {
  constructor(
    private readonly access: StoreAccess,
    private readonly rememberLeaver: RememberLeaver,
  ) {}

  private get db() {
    return this.access.dialect.db
  }

  /** The keyed hash of an address by which it is kept once its entry is gone, and by which the audit log names it. */
  addressHash(email: string): string {
    return this.access.keyedHash(emailKey(email))
  }

  /** Everything held about an address (its entry, messages, mail, its suppression and bounces, and what is kept after it left or was erased); null when nothing is. */
  person(email: string): Promise<PersonRecord | null> {
    return this.access.run(async () => {
      const hash = this.addressHash(email)
      const row = await this.db.selectFrom("waitlist_entries").selectAll().where("email_key", "=", emailKey(email)).executeTakeFirst()
      const left = await this.db.selectFrom("waitlist_leavers").selectAll().where("address_hash", "=", hash).executeTakeFirst()
      const erasures = await this.db.selectFrom("waitlist_erasures").select("erased_at").where("address_hash", "=", hash).orderBy("id").execute()
      const suppression = await this.db.selectFrom("waitlist_suppressions").select(["suppressed_at", "reason", "lifted_at"]).where("address_hash", "=", hash).executeTakeFirst()
      const bounces = await this.db.selectFrom("waitlist_bounces").select(["kind", "received_at"]).where("address_hash", "=", hash).orderBy("received_at").execute()
      if (!row && !left && erasures.length === 0 && !suppression) return null
      const messages = row ? await this.db.selectFrom("waitlist_messages").selectAll().where("entry_id", "=", row.id).orderBy("id").execute() : []
      const deliveries = row
        ? await this.db.selectFrom("waitlist_outbox").select(["kind", "status", "created_at", "sent_at", "attempts"]).where("entry_id", "=", row.id).orderBy("id").execute()
        : []
      const announcementMails = row
        ? await this.db
            .selectFrom("waitlist_announcement_mails as m")
            .innerJoin("waitlist_announcements as a", "a.id", "m.announcement_id")
            .leftJoin("waitlist_outbox as o", "o.id", "m.delivery_id")
            .select(["a.slug", "m.lang", "m.outcome", "m.bounced_at", "m.complained_at", "o.created_at", "o.sent_at"])
            .where("m.entry_id", "=", row.id)
            .orderBy("m.announcement_id")
            .execute()
        : []
      const leaveLinks = row
        ? Number((await this.db.selectFrom("waitlist_leave_tokens").select((eb) => eb.fn.countAll().as("n")).where("entry_id", "=", row.id).executeTakeFirstOrThrow()).n)
        : 0
      return {
        entry: row
          ? {
              name: row.name,
              email: row.email,
              createdAt: toDate(row.created_at),
              updatedAt: toDate(row.updated_at),
              confirmedAt: toDateOrNull(row.confirmed_at),
              confirmedPolicy: policyOf(row.confirmed_policy_lang, row.confirmed_policy_date, row.confirmed_policy_sha256),
              lang: row.lang,
              source: { referrerHost: row.referrer_host, utmSource: row.utm_source, utmMedium: row.utm_medium, utmCampaign: row.utm_campaign },
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
          policy: policyOf(message.policy_lang, message.policy_date, message.policy_sha256),
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
          outcome: mail.outcome === "sent" || mail.outcome === "failed" ? mail.outcome : "waiting",
          bouncedAt: toDateOrNull(mail.bounced_at),
          complainedAt: toDateOrNull(mail.complained_at),
        })),
        suppression: suppression ? { suppressedAt: toDate(suppression.suppressed_at), reason: suppression.reason, liftedAt: toDateOrNull(suppression.lifted_at) } : null,
        bounces: bounces.map((bounce) => ({ kind: bounce.kind, receivedAt: toDate(bounce.received_at) })),
        departure: left ? { leftAt: toDate(left.left_at), confirmationMailsSent: left.confirm_mails_sent } : null,
        erasures: erasures.map(({ erased_at }) => ({ erasedAt: toDate(erased_at) })),
      }
    })
  }

  /**
   * Erases the entry of an address (a request under GDPR Art. 17): the
   * entry, its messages, its mail sent and pending (its announcements'
   * mails with them), its links' keys, and the bounces counted against it.
   * What remains is a record of the erasure (the address's keyed hash,
   * when, by whom), the keyed hash that keeps the address's confirmation
   * caps (see migration 0004), its suppression if it has one (by the keyed
   * hash, with when and why, and no longer the delivery that caused it: an
   * address that bounced or complained gets no mail after its erasure
   * either), and the audit line, all in one transaction.
   * @returns how many entries were erased (0 or 1)
   */
  erase(email: string, by: Actor, ip: string | null, now: Date): Promise<number> {
    return this.access.write(async (trx) => {
      const key = emailKey(email)
      const hash = this.access.keyedHash(key)
      const entry = await trx.selectFrom("waitlist_entries").select(["id", "email_key", "confirm_mails_sent", "last_confirm_mail_at"]).where("email_key", "=", key).executeTakeFirst()
      const audit = { action: "erase", at: storedTime(now), account_id: by.accountId, actor: by.label, subject_hash: hash, ip, ip_hash: null }
      if (!entry) {
        await trx.insertInto("admin_audit").values({ ...audit, detail: "nothing to erase" }).execute()
        return 0
      }
      const messages = Number((await trx.selectFrom("waitlist_messages").select((eb) => eb.fn.countAll().as("n")).where("entry_id", "=", entry.id).executeTakeFirstOrThrow()).n)
      await this.rememberLeaver(trx, entry, now)
      await trx.deleteFrom("waitlist_announcement_mails").where("entry_id", "=", entry.id).execute()
      await trx.deleteFrom("waitlist_bounces").where("address_hash", "=", hash).execute()
      await trx.updateTable("waitlist_suppressions").set({ delivery_id: null }).where("address_hash", "=", hash).execute()
      await trx.deleteFrom("waitlist_entries").where("id", "=", entry.id).execute()
      await trx.insertInto("waitlist_erasures").values({ address_hash: hash, erased_at: storedTime(now), erased_by: by.label }).execute()
      await trx.insertInto("admin_audit").values({ ...audit, detail: `the entry and its ${messages === 1 ? "1 message" : `${messages} messages`}` }).execute()
      return 1
    })
  }

  /**
   * A page of the entries, newest first; with a term, only those whose
   * address or name contains it (compared folded, as addresses are keyed:
   * case, width and compatibility forms aside).
   */
  searchEntries(term: string, page: number, pageSize: number): Promise<Page<EntrySummary>> {
    return this.access.run(async () => {
      const pattern = containing(folded(term.trim()))
      const matching = term.trim() === "" ? this.db.selectFrom("waitlist_entries") : this.db.selectFrom("waitlist_entries").where(sql<boolean>`(email_key LIKE ${pattern} ESCAPE '!' OR name_key LIKE ${pattern} ESCAPE '!')`)
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
          eb.selectFrom("waitlist_messages").select((inner) => inner.fn.countAll().as("n")).whereRef("waitlist_messages.entry_id", "=", "waitlist_entries.id").as("messages"),
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

  /** The dashboard's figures for the `days` days up to `now`'s (UTC). */
  dashboard(days: number, now: Date): Promise<DashboardFigures> {
    return this.access.run(async () => {
      const { db } = this
      const { utcDay } = this.access.dialect
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS)
      const since = storedTime(first)
      const perDay = async (column: "created_at" | "confirmed_at") =>
        new Map(
          (
            await db
              .selectFrom("waitlist_entries")
              .select([utcDay(column).as("day"), (eb) => eb.fn.countAll().as("n")])
              .where(column, ">=", since)
              .groupBy(utcDay(column))
              .execute()
          ).map((row) => [String(row.day), Number(row.n)]),
        )
      const signUps = await perDay("created_at")
      const confirmations = await perDay("confirmed_at")
      const dayList = Array.from({ length: days }, (_, i) => new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10))
      const inPeriod = db.selectFrom("waitlist_entries").where("created_at", ">=", since)
      const languages = await inPeriod
        .select(["lang", (eb) => eb.fn.countAll().as("n")])
        .groupBy("lang")
        .orderBy("n", "desc")
        .orderBy("lang")
        .execute()
      const sources = await inPeriod
        .select(["referrer_host", "utm_source", "utm_medium", "utm_campaign", (eb) => eb.fn.countAll().as("n")])
        .groupBy(["referrer_host", "utm_source", "utm_medium", "utm_campaign"])
        .orderBy("n", "desc")
        .orderBy("referrer_host")
        .limit(TOP_SOURCES)
        .execute()
      const share = async (query: typeof inPeriod) => {
        const row = await query.select((eb) => [eb.fn.countAll().as("n"), eb.fn.count("confirmed_at").as("confirmed")]).executeTakeFirstOrThrow()
        return { entries: Number(row.n), confirmed: Number(row.confirmed) }
      }
      const outbox = await db
        .selectFrom("waitlist_outbox")
        .select(["status", (eb) => eb.fn.countAll().as("n"), (eb) => eb.fn.min("created_at").as("oldest")])
        .where("status", "in", ["pending", "failed"])
        .groupBy("status")
        .execute()
      const sentLastDay = await db
        .selectFrom("waitlist_outbox")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("status", "=", "sent")
        .where("sent_at", ">=", storedTime(new Date(now.getTime() - DAY_MS)))
        .executeTakeFirstOrThrow()
      const pending = outbox.find((row) => row.status === "pending")
      return {
        days: dayList.map((day) => ({ day, signUps: signUps.get(day) ?? 0, confirmations: confirmations.get(day) ?? 0 })),
        languages: languages.map((row) => ({ lang: row.lang, entries: Number(row.n) })),
        sources: sources.map((row) => ({ referrerHost: row.referrer_host, utmSource: row.utm_source, utmMedium: row.utm_medium, utmCampaign: row.utm_campaign, entries: Number(row.n) })),
        confirmed: { all: await share(db.selectFrom("waitlist_entries")), period: await share(inPeriod) },
        outbox: {
          pending: Number(pending?.n ?? 0),
          failed: Number(outbox.find((row) => row.status === "failed")?.n ?? 0),
          sentLastDay: Number(sentLastDay.n),
          oldestPendingSince: pending?.oldest ? toDate(pending.oldest as string | Date) : null,
        },
      }
    })
  }
}
