/**
 * The announcement flows of the store, written once for SQLite and
 * PostgreSQL: queueing one mail per (announcement, entry) in batches, each
 * mail's outcome, the pause a send puts itself in when too many of its
 * deliveries fail, and where a send stands.
 */
import { sql, type Kysely } from "kysely"
import {
  AnnouncementChangedError,
  type AnnouncementContent,
  type AnnouncementProgress,
  type AnnouncementRecipient,
  type QueuedAnnouncementMail,
  type SendOutcome,
  type SendState,
} from "../announcements/announcement-store"
import type { AnnouncementVersion } from "../waitlist/deliveries"
import { storedTime, toDate, type Database } from "./database"
import type { StoreDialect } from "./dialect"
import type { SuppressionRecords } from "./suppression-records"

type On = Kysely<Database>

/** A send pauses itself when more than `failures` of its last `window` tries failed (more than 5% of 100). */
export const AUTO_PAUSE = { window: 100, failures: 5 }

/** How many entries one transaction of a send queues: short enough for sign-ups never to wait long on SQLite's one writer. */
const BATCH = 200

const parseMetadata = (text: string | null): Record<string, unknown> => {
  try {
    const value = JSON.parse(text ?? "{}") as unknown
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Holds or releases the waiting mails of an announcement, and records its state; false when it was in that state already. */
async function setState(trx: On, id: number, state: SendState, reason: string | null): Promise<boolean> {
  const changed = await trx.updateTable("waitlist_announcements").set({ state, paused_reason: reason }).where("id", "=", id).where("state", "<>", state).executeTakeFirst()
  if (Number(changed.numUpdatedRows) === 0) return false
  const [from, to] = state === "paused" ? ["pending", "paused"] : ["paused", "pending"]
  await trx
    .updateTable("waitlist_outbox")
    .set({ status: to })
    .where("status", "=", from)
    .where("kind", "=", "announcement")
    .where("id", "in", (eb) => eb.selectFrom("waitlist_announcement_mails").select("delivery_id").where("announcement_id", "=", id))
    .execute()
  return true
}

export function announcementRecords(dialect: StoreDialect, suppressions: SuppressionRecords) {
  const { db } = dialect

  /** One batch of a send: the next entries after `after` with no mail of it yet, queued; gives the last entry looked at. */
  async function queueBatch(trx: On, id: number, state: SendState, after: number, mailFor: (recipient: AnnouncementRecipient) => QueuedAnnouncementMail, now: Date, outcome: SendOutcome) {
    const entries = await trx
      .selectFrom("waitlist_entries as e")
      .select(["e.id", "e.name", "e.email"])
      .select((eb) => eb.selectFrom("waitlist_messages as m").select("m.metadata").whereRef("m.entry_id", "=", "e.id").orderBy("m.id", "desc").limit(1).as("metadata"))
      .where("e.confirmed_at", "is not", null)
      .where("e.id", ">", after)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("waitlist_announcement_mails as a").select("a.entry_id").where("a.announcement_id", "=", id).whereRef("a.entry_id", "=", "e.id"))))
      .orderBy("e.id")
      .limit(BATCH)
      .execute()
    const hashes = entries.map((entry) => suppressions.hashOf(entry.email))
    const suppressed = await suppressions.inForce(trx, hashes)
    const mails = entries.flatMap((entry, i) => {
      if (suppressed.has(hashes[i] ?? "")) {
        outcome.suppressed += 1
        return []
      }
      return [{ entry, mail: mailFor({ name: entry.name, email: entry.email, metadata: parseMetadata(entry.metadata) }) }]
    })
    if (mails.length > 0) {
      const time = storedTime(now)
      await trx.insertInto("waitlist_leave_tokens").values(mails.map(({ entry, mail }) => ({ token_hash: mail.leaveTokenKey, entry_id: entry.id }))).execute()
      const rows = await trx
        .insertInto("waitlist_outbox")
        .values(mails.map(({ entry, mail }) => ({ entry_id: entry.id, kind: "announcement", recipient: entry.email, payload: mail.payload, status: state === "paused" ? "paused" : "pending", next_attempt_at: time, created_at: time })))
        .returning(["id", "entry_id"])
        .execute()
      const delivery = new Map(rows.map((row) => [row.entry_id, row.id]))
      await trx
        .insertInto("waitlist_announcement_mails")
        .values(mails.map(({ entry, mail }) => ({ announcement_id: id, entry_id: entry.id, lang: mail.lang, delivery_id: delivery.get(entry.id) ?? 0 })))
        .execute()
      for (const { mail } of mails) outcome.queued[mail.lang] = (outcome.queued[mail.lang] ?? 0) + 1
    }
    return { last: entries[entries.length - 1]?.id ?? null }
  }

  /** The announcement of a slug, locked for the rest of the transaction (PostgreSQL) so two sends queue one after the other. */
  const locked = (trx: On, slug: string) =>
    dialect.forUpdate(trx.selectFrom("waitlist_announcements").select(["id", "content", "state", "paused_reason"]).where("slug", "=", slug)).executeTakeFirst()

  async function send(slug: string, content: AnnouncementContent, mailFor: (recipient: AnnouncementRecipient) => QueuedAnnouncementMail, now: Date): Promise<SendOutcome> {
    const text = JSON.stringify(content)
    const first = await dialect.write(async (trx) => {
      await trx
        .insertInto("waitlist_announcements")
        .values({ slug, content: text, state: "sending", paused_reason: null, created_at: storedTime(now) })
        .onConflict((conflict) => conflict.column("slug").doNothing())
        .execute()
      return locked(trx, slug)
    })
    if (!first) throw new Error(`the announcement ${slug} could not be recorded`)
    if (first.content !== text) {
      throw new AnnouncementChangedError(`${slug} was sent before with another text, which its mails keep: a sent announcement cannot change; write a new one under another name`)
    }
    const outcome: SendOutcome = { queued: {}, suppressed: 0, state: first.state as SendState, pausedReason: first.paused_reason }
    for (let after = 0; ; ) {
      const { last } = await dialect.write(async (trx) => {
        const current = await locked(trx, slug)
        outcome.state = (current?.state ?? "sending") as SendState
        outcome.pausedReason = current?.paused_reason ?? null
        return queueBatch(trx, first.id, outcome.state, after, mailFor, now, outcome)
      })
      if (last === null) return outcome
      after = last
    }
  }

  async function progress(slug?: string): Promise<AnnouncementProgress[]> {
    const announcements = await db
      .selectFrom("waitlist_announcements")
      .select(["id", "slug", "state", "paused_reason", "created_at"])
      .$if(slug !== undefined, (query) => query.where("slug", "=", slug ?? ""))
      .orderBy("id", "desc")
      .execute()
    const count = (condition: ReturnType<typeof sql<boolean>>) => sql<number>`SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`
    const result: AnnouncementProgress[] = []
    for (const announcement of announcements) {
      const rows = await db
        .selectFrom("waitlist_announcement_mails as m")
        .leftJoin("waitlist_entries as e", "e.id", "m.entry_id")
        .select((eb) => [
          "m.lang",
          eb.fn.countAll<number>().as("queued"),
          count(sql`m.outcome = 'sent'`).as("sent"),
          count(sql`m.outcome = 'failed'`).as("failed"),
          count(sql`m.bounced_at IS NOT NULL`).as("bounced"),
          count(sql`m.complained_at IS NOT NULL`).as("complained"),
          count(sql`e.id IS NULL`).as("gone"),
          count(sql`m.outcome IS NULL AND e.id IS NOT NULL`).as("waiting"),
        ])
        .where("m.announcement_id", "=", announcement.id)
        .groupBy("m.lang")
        .orderBy("m.lang")
        .execute()
      result.push({
        slug: announcement.slug,
        state: announcement.state as SendState,
        pausedReason: announcement.paused_reason,
        createdAt: toDate(announcement.created_at),
        languages: rows.map((row) => ({
          lang: row.lang,
          queued: Number(row.queued),
          sent: Number(row.sent),
          failed: Number(row.failed),
          bounced: Number(row.bounced),
          complained: Number(row.complained),
          left: Number(row.gone),
          waiting: Number(row.waiting),
        })),
      })
    }
    return result
  }

  async function setPaused(slug: string, paused: boolean, reason = "paused by the operator (`announce pause`)"): Promise<boolean> {
    return dialect.write(async (trx) => {
      const announcement = await locked(trx, slug)
      return announcement ? setState(trx, announcement.id, paused ? "paused" : "sending", paused ? reason : null) : false
    })
  }

  /**
   * Records the end of a try of an announcement's mail (nothing for other
   * deliveries): its outcome once it is over, and whether it failed; after a
   * failed one, pauses the send when more than AUTO_PAUSE.failures of its
   * last AUTO_PAUSE.window tries failed, saying so.
   */
  async function recordTry(trx: On, deliveryId: number, failed: boolean, outcome: "sent" | "failed" | null, now: Date) {
    const mail = await trx
      .updateTable("waitlist_announcement_mails")
      .set({ tried_at: storedTime(now), try_failed: failed ? 1 : 0, ...(outcome ? { outcome } : {}) })
      .where("delivery_id", "=", deliveryId)
      .returning("announcement_id")
      .executeTakeFirst()
    if (!mail || !failed) return
    const recent = await trx
      .selectFrom("waitlist_announcement_mails")
      .select("try_failed")
      .where("announcement_id", "=", mail.announcement_id)
      .where("tried_at", "is not", null)
      .orderBy("tried_at", "desc")
      .limit(AUTO_PAUSE.window)
      .execute()
    const failures = recent.filter((row) => Number(row.try_failed) === 1).length
    if (failures > AUTO_PAUSE.failures) {
      await setState(trx, mail.announcement_id, "paused", `paused itself: ${failures} of its last ${recent.length} deliveries failed (more than ${AUTO_PAUSE.failures} of ${AUTO_PAUSE.window})`)
    }
  }

  /** The announcements' texts, which never change once sent, by id. */
  const contents = new Map<number, { slug: string; content: AnnouncementContent }>()

  /** The text of a claimed mail of an announcement, in the language it was queued in. */
  async function versionOf(trx: On, deliveryId: number): Promise<AnnouncementVersion | null> {
    const mail = await trx.selectFrom("waitlist_announcement_mails").select(["announcement_id", "lang"]).where("delivery_id", "=", deliveryId).executeTakeFirst()
    if (!mail) return null
    let found = contents.get(mail.announcement_id)
    if (!found) {
      const row = await trx.selectFrom("waitlist_announcements").select(["slug", "content"]).where("id", "=", mail.announcement_id).executeTakeFirst()
      if (!row) return null
      found = { slug: row.slug, content: JSON.parse(row.content) as AnnouncementContent }
      contents.set(mail.announcement_id, found)
    }
    const text = found.content[mail.lang]
    return text ? { slug: found.slug, lang: mail.lang, ...text } : null
  }

  return { send, progress, setPaused, recordTry, versionOf }
}

export type AnnouncementRecords = ReturnType<typeof announcementRecords>
