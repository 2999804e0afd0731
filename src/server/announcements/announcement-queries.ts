/**
 * The announcements in the database, once for both stores: a send queues
 * one mail per entry in short batches, each try's end is recorded (too many
 * failures pause the send), and progress is read per language from the
 * outbox and the bounces.
 */
import { sql } from "kysely"
import { addressHash } from "../addresses/address-hash"
import { appendAudit, type Actor, type NewAuditEntry } from "../audit/audit-log"
import { suppressionsInForce } from "../bounces/suppressions"
import type { Db, On, Tx } from "../db/db"
import { storedTime, toDate } from "../db/schema"
import { queueDeliveries } from "../outbox/outbox-queries"
import { lineOf } from "../referrals/line"
import { addLeaveTokens } from "../entries/leave-tokens"
import type { MailVersion } from "../markdown-mail/render-mail"
import type { AnnouncementProgress, SendAudience, SendOutcome, SendState } from "../../admin-api/announcements"
import { WHOLE_LIST, type Platform, type Wave } from "../../waitlist/wave"
import { earnersOf } from "../rewards/reward-queries"
import { counted } from "../../words/counted"

/** An announcement's text in each of its languages, as sent: `en` always, the others where written. */
export type AnnouncementContent = Record<string, Omit<MailVersion, "slug" | "lang">>

/** An entry an announcement is about to be queued for: its name, address and newest metadata (whose `locale` picks the language). */
export type AnnouncementRecipient = { name: string; email: string; metadata: Record<string, unknown> }

/** The outbox's draft of one entry's mail, in the language chosen for it, with the key of its new leave link. */
export type QueuedAnnouncementMail = { lang: string; payload: string; leaveTokenKey: string }

/**
 * The readers a send is narrowed to, as the store applies it: the first
 * `first` in line (places computed with `boost`), those who earned the
 * reward's tier `rewarded` (and are not held for review), and those whose newest
 * sign-up's metadata `accepts` (their mail's language, their platform).
 */
export type WaveFilter = { wave: Wave; boost: number; accepts: (metadata: Record<string, unknown>) => boolean }

/** Every confirmed entry, unnarrowed. */
export const EVERYONE: WaveFilter = { wave: WHOLE_LIST, boost: 0, accepts: () => true }

/** An announcement was sent before with another text: its mails keep the text they were queued with. */
export class AnnouncementChangedError extends Error {}

/** A send pauses itself when more than `failures` of its last `window` tries failed (more than 5% of 100). */
export const AUTO_PAUSE = { window: 100, failures: 5 }

/** How many entries one transaction of a send queues: short enough for sign-ups never to wait long on SQLite's one writer. */
const BATCH = 200

/** How many entries one read of a send's audience counts (it writes nothing, so it may read more at once). */
const AUDIENCE_BATCH = 1000

/** Who the audit log names for a send that paused itself. */
const THE_SERVER: Actor = { accountId: null, label: "the server" }

/** Why an operator's pause holds a send, when the command line gives none. Every reason is the sentence the admin and the CLI show. */
export const PAUSED_BY_OPERATOR = "Paused by the operator on the command line"

const parseMetadata = (text: string | null): Record<string, unknown> => {
  try {
    const value = JSON.parse(text ?? "{}") as unknown
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Holds or releases the waiting mails of an announcement, and records its state; false when it was in that state already. */
async function setState(trx: Tx, id: number, state: SendState, reason: string | null): Promise<boolean> {
  const changed = await trx
    .updateTable("waitlist_announcements")
    .set({ state, paused_reason: reason })
    .where("id", "=", id)
    .where("state", "<>", state)
    .executeTakeFirst()
  if (Number(changed.numUpdatedRows) === 0) return false
  const [from, to] = state === "paused" ? ["pending", "paused"] : ["paused", "pending"]
  await trx
    .updateTable("waitlist_outbox")
    .set({ status: to })
    .where("status", "=", from)
    .where("kind", "=", "announcement")
    .where("id", "in", (eb) =>
      eb.selectFrom("waitlist_announcement_mails").select("delivery_id").where("announcement_id", "=", id),
    )
    .execute()
  return true
}

/**
 * The next confirmed entries after `after` (by id) that have no mail of
 * the announcement `id` yet (every confirmed entry when it was never
 * sent), those of the wave only, each as its recipient and whether its
 * address is suppressed: whom a send queues for, and what its audience
 * counts; with the last entry looked at, where the next batch begins.
 */
async function unmailed(db: Db, on: On, id: number | null, after: number, limit: number, filter: WaveFilter) {
  const { first, rewarded } = filter.wave
  const inFirst =
    first === null ? null : on.selectFrom((await lineOf(on, filter.boost, first)).as("l")).select("l.entry_id")
  const looked = await on
    .selectFrom("waitlist_entries as e")
    .select(["e.id", "e.name", "e.email"])
    .select((eb) =>
      eb
        .selectFrom("waitlist_messages as m")
        .select("m.metadata")
        .whereRef("m.entry_id", "=", "e.id")
        .orderBy("m.id", "desc")
        .limit(1)
        .as("metadata"),
    )
    .where("e.confirmed_at", "is not", null)
    .where("e.id", ">", after)
    .$call((query) => (inFirst === null ? query : query.where("e.id", "in", inFirst)))
    .$if(rewarded !== null, (query) => query.where("e.id", "in", earnersOf(on, rewarded ?? "")))
    .$if(id !== null, (query) =>
      query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("waitlist_announcement_mails as a")
              .select("a.entry_id")
              .where("a.announcement_id", "=", id ?? 0)
              .whereRef("a.entry_id", "=", "e.id"),
          ),
        ),
      ),
    )
    .orderBy("e.id")
    .limit(limit)
    .execute()
  const entries = looked
    .map((entry) => ({ ...entry, metadata: parseMetadata(entry.metadata) }))
    .filter((entry) => filter.accepts(entry.metadata))
  const hashes = entries.map((entry) => addressHash(db, entry.email))
  const suppressed = await suppressionsInForce(on, hashes)
  const readers = entries.map((entry, i) => ({
    id: entry.id,
    recipient: { name: entry.name, email: entry.email, metadata: entry.metadata } satisfies AnnouncementRecipient,
    suppressed: suppressed.has(hashes[i] ?? ""),
  }))
  return { readers, last: looked[looked.length - 1]?.id ?? null, full: looked.length === limit }
}

/** One batch of a send: the next entries after `after` with no mail of it yet, queued; gives the last entry looked at. */
async function queueBatch(
  db: Db,
  trx: Tx,
  id: number,
  state: SendState,
  after: number,
  mailFor: (recipient: AnnouncementRecipient) => QueuedAnnouncementMail,
  now: Date,
  outcome: SendOutcome,
  filter: WaveFilter,
) {
  const { readers, last } = await unmailed(db, trx, id, after, BATCH, filter)
  const mails = readers.flatMap((reader) => {
    if (reader.suppressed) {
      outcome.suppressed += 1
      return []
    }
    return [{ entry: { id: reader.id, email: reader.recipient.email }, mail: mailFor(reader.recipient) }]
  })
  if (mails.length > 0) {
    await addLeaveTokens(
      trx,
      mails.map(({ entry, mail }) => ({ entryId: entry.id, key: mail.leaveTokenKey })),
    )
    const deliveries = await queueDeliveries(
      trx,
      mails.map(({ entry, mail }) => ({
        entryId: entry.id,
        delivery: { kind: "announcement", recipient: entry.email, payload: mail.payload },
      })),
      now,
      state === "paused",
    )
    await trx
      .insertInto("waitlist_announcement_mails")
      .values(
        mails.map(({ entry, mail }) => ({
          announcement_id: id,
          entry_id: entry.id,
          lang: mail.lang,
          delivery_id: deliveries.get(entry.id) ?? 0,
        })),
      )
      .execute()
    for (const { mail } of mails) outcome.queued[mail.lang] = (outcome.queued[mail.lang] ?? 0) + 1
  }
  return { last }
}

/** The announcement of a slug, locked for the rest of the transaction (PostgreSQL) so two sends queue one after the other. */
const locked = (db: Db, trx: Tx, slug: string) =>
  db
    .forUpdate(
      trx
        .selectFrom("waitlist_announcements")
        .select(["id", "content", "state", "paused_reason"])
        .where("slug", "=", slug),
    )
    .executeTakeFirst()

/**
 * Queues, in batches, one mail for each confirmed, unsuppressed entry of
 * the wave that has none of it yet (the table's key holds that even for two
 * sends at once). The first send records the text; `audit` is written in
 * the transaction that begins the send.
 * @throws AnnouncementChangedError when it was sent before with another text
 */
export async function queueAnnouncement(
  db: Db,
  slug: string,
  content: AnnouncementContent,
  mailFor: (recipient: AnnouncementRecipient) => QueuedAnnouncementMail,
  now: Date,
  audit?: NewAuditEntry,
  filter: WaveFilter = EVERYONE,
): Promise<SendOutcome> {
  const text = JSON.stringify(content)
  const first = await db.write(async (trx) => {
    await trx
      .insertInto("waitlist_announcements")
      .values({ slug, content: text, state: "sending", paused_reason: null, created_at: storedTime(now) })
      .onConflict((conflict) => conflict.column("slug").doNothing())
      .execute()
    const found = await locked(db, trx, slug)
    if (audit && found?.content === text) await appendAudit(trx, audit)
    return found
  })
  if (!first) throw new Error(`the announcement ${slug} could not be recorded`)
  if (first.content !== text) {
    throw new AnnouncementChangedError(
      `${slug} was sent before with another text, which its mails keep: a sent announcement cannot change; write a new one under another name`,
    )
  }
  const outcome: SendOutcome = {
    queued: {},
    suppressed: 0,
    state: first.state as SendState,
    pausedReason: first.paused_reason,
  }
  for (let after = 0; ;) {
    const { last } = await db.write(async (trx) => {
      const current = await locked(db, trx, slug)
      outcome.state = (current?.state ?? "sending") as SendState
      outcome.pausedReason = current?.paused_reason ?? null
      return queueBatch(db, trx, first.id, outcome.state, after, mailFor, now, outcome, filter)
    })
    if (last === null) {
      await recordWave(
        db,
        first.id,
        filter.wave,
        Object.values(outcome.queued).reduce((sum, n) => sum + n, 0),
        now,
      )
      return outcome
    }
    after = last
  }
}

/** Records a send's wave, with the mails it queued. */
async function recordWave(
  db: Db,
  announcementId: number,
  { first, lang, platform, rewarded }: Wave,
  queued: number,
  now: Date,
): Promise<void> {
  await db.write((trx) =>
    trx
      .insertInto("waitlist_announcement_waves")
      .values({
        announcement_id: announcementId,
        sent_at: storedTime(now),
        first_places: first,
        lang,
        platform,
        rewarded,
        queued,
      })
      .execute(),
  )
}

/** Who a send would queue a mail for now (see queueAnnouncement), each counted under the language `languageOf` gives their newest metadata; nothing is written. */
export function announcementAudienceOf(
  db: Db,
  slug: string,
  languageOf: (metadata: Record<string, unknown>) => string,
  filter: WaveFilter = EVERYONE,
): Promise<SendAudience> {
  return db.read(async (on) => {
    const announcement = await on
      .selectFrom("waitlist_announcements")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirst()
    const counted: SendAudience = { readers: {}, suppressed: 0 }
    for (let after = 0; ;) {
      const { readers, last, full } = await unmailed(db, on, announcement?.id ?? null, after, AUDIENCE_BATCH, filter)
      for (const reader of readers) {
        if (reader.suppressed) counted.suppressed += 1
        else {
          const lang = languageOf(reader.recipient.metadata)
          counted.readers[lang] = (counted.readers[lang] ?? 0) + 1
        }
      }
      if (last === null || !full) return counted
      after = last
    }
  })
}

/** Where one announcement stands (none: it was never sent), or every one, newest first, when no slug is given. */
export function announcementProgressOf(db: Db, slug?: string): Promise<AnnouncementProgress[]> {
  return db.read(async (on) => {
    const announcements = await on
      .selectFrom("waitlist_announcements")
      .select(["id", "slug", "state", "paused_reason", "created_at"])
      .$if(slug !== undefined, (query) => query.where("slug", "=", slug ?? ""))
      .orderBy("id", "desc")
      .execute()
    const count = (condition: ReturnType<typeof sql<boolean>>) =>
      sql<number>`SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`
    const bounced = (kinds: string[]) =>
      sql<boolean>`EXISTS (SELECT 1 FROM waitlist_bounces b WHERE b.delivery_id = m.delivery_id AND b.kind IN (${sql.join(kinds)}))`
    const result: AnnouncementProgress[] = []
    for (const announcement of announcements) {
      const rows = await on
        .selectFrom("waitlist_announcement_mails as m")
        .leftJoin("waitlist_entries as e", "e.id", "m.entry_id")
        .leftJoin("waitlist_outbox as o", "o.id", "m.delivery_id")
        .select((eb) => [
          "m.lang",
          eb.fn.countAll<number>().as("queued"),
          count(sql`m.outcome = 'sent'`).as("sent"),
          count(sql`m.outcome = 'failed' OR (m.outcome IS NULL AND o.status = 'failed')`).as("failed"),
          count(bounced(["hard", "soft"])).as("bounced"),
          count(bounced(["complaint"])).as("complained"),
          count(sql`e.id IS NULL`).as("gone"),
          count(sql`m.outcome IS NULL AND e.id IS NOT NULL AND o.status <> 'failed'`).as("waiting"),
        ])
        .where("m.announcement_id", "=", announcement.id)
        .groupBy("m.lang")
        .orderBy("m.lang")
        .execute()
      const waves = await on
        .selectFrom("waitlist_announcement_waves")
        .select(["sent_at", "first_places", "lang", "platform", "rewarded", "queued"])
        .where("announcement_id", "=", announcement.id)
        .orderBy("sent_at")
        .orderBy("id")
        .execute()
      result.push({
        slug: announcement.slug,
        waves: waves.map((wave) => ({
          at: toDate(wave.sent_at),
          first: wave.first_places,
          lang: wave.lang,
          platform: wave.platform as Platform | null,
          rewarded: wave.rewarded,
          queued: Number(wave.queued),
        })),
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
  })
}

/**
 * Holds an announcement's waiting mails (`reason` says why) or lets them
 * go again, writing `audit` in the same transaction when it did; false
 * when it was never sent or already so.
 */
export function setAnnouncementPaused(
  db: Db,
  slug: string,
  paused: boolean,
  { reason = PAUSED_BY_OPERATOR, audit }: { reason?: string; audit?: NewAuditEntry } = {},
): Promise<boolean> {
  return db.write(async (trx) => {
    const announcement = await locked(db, trx, slug)
    if (!announcement || !(await setState(trx, announcement.id, paused ? "paused" : "sending", paused ? reason : null)))
      return false
    if (audit) await appendAudit(trx, audit)
    return true
  })
}

/**
 * Records the end of a try of an announcement's mail: its outcome once it
 * is over, and whether it failed; after a failed one, pauses the send when
 * more than AUTO_PAUSE.failures of its last AUTO_PAUSE.window tries
 * failed, saying so in the audit log.
 */
export async function recordTry(
  trx: Tx,
  deliveryId: number,
  failed: boolean,
  outcome: "sent" | "failed" | null,
  now: Date,
): Promise<void> {
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
    const reason = `Paused itself: ${failures} of its last ${counted(recent.length, "delivery", "deliveries")} failed (more than ${AUTO_PAUSE.failures} of ${AUTO_PAUSE.window})`
    if (await setState(trx, mail.announcement_id, "paused", reason)) {
      const { slug } = await trx
        .selectFrom("waitlist_announcements")
        .select("slug")
        .where("id", "=", mail.announcement_id)
        .executeTakeFirstOrThrow()
      await appendAudit(trx, {
        action: "announcement-pause",
        actor: THE_SERVER,
        at: now,
        ip: null,
        detail: `${slug}: ${reason}`,
      })
    }
  }
}

/**
 * Pauses every announcement being sent (one with mails still waiting),
 * each with `reason` and a line in the audit log by the server, in one
 * transaction; gives the names of those it paused.
 */
export function pauseEverySend(db: Db, reason: string, now: Date): Promise<string[]> {
  return db.write(async (trx) => {
    const sending = await trx
      .selectFrom("waitlist_announcements as a")
      .select(["a.id", "a.slug"])
      .where("a.state", "=", "sending")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("waitlist_announcement_mails as m")
            .innerJoin("waitlist_outbox as o", "o.id", "m.delivery_id")
            .select("o.id")
            .whereRef("m.announcement_id", "=", "a.id")
            .where("o.status", "=", "pending"),
        ),
      )
      .execute()
    const paused: string[] = []
    for (const { id, slug } of sending) {
      if (!(await setState(trx, id, "paused", reason))) continue
      await appendAudit(trx, {
        action: "announcement-pause",
        actor: THE_SERVER,
        at: now,
        ip: null,
        detail: `${slug}: ${reason}`,
      })
      paused.push(slug)
    }
    return paused
  })
}

/** The announcements' texts, which never change once sent, by id. */
const contents = new Map<number, { slug: string; content: AnnouncementContent }>()

/** The text of a claimed mail of an announcement, as it was when first sent, in the language it was queued in; null when it is no longer stored. */
export async function versionOfMail(trx: On, deliveryId: number): Promise<MailVersion | null> {
  const mail = await trx
    .selectFrom("waitlist_announcement_mails")
    .select(["announcement_id", "lang"])
    .where("delivery_id", "=", deliveryId)
    .executeTakeFirst()
  if (!mail) return null
  let found = contents.get(mail.announcement_id)
  if (!found) {
    const row = await trx
      .selectFrom("waitlist_announcements")
      .select(["slug", "content"])
      .where("id", "=", mail.announcement_id)
      .executeTakeFirst()
    if (!row) return null
    found = { slug: row.slug, content: JSON.parse(row.content) as AnnouncementContent }
    contents.set(mail.announcement_id, found)
  }
  const text = found.content[mail.lang]
  return text ? { slug: found.slug, lang: mail.lang, ...text } : null
}
