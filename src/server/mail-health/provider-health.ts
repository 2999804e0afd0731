/**
 * Whether the big mailbox providers welcome the waitlist's mail: the mails
 * to visitors delivered, their hard bounces and complaints, by provider
 * (see mailboxProviderOf), over the last 7 days and for each of the
 * latest announcements, with rates. Counted in SQL, along the indexes of
 * migration 0012: nothing is read a row at a time.
 *
 * A mail is delivered when the SMTP server took it. A hard bounce counts
 * when it came (at delivery, or as a report later), a complaint likewise.
 * The hard bounce rate is hard bounces of all mails handed over (delivered,
 * or refused at delivery as a hard bounce); the complaint rate is
 * complaints of mails delivered. A rate is null while there is nothing to
 * divide by.
 */
import { sql } from "kysely"
import type { MailHealth, ProviderHealth } from "../../admin-api/mail-health"
import { MAILBOX_PROVIDERS } from "../../waitlist/mailbox-providers"
import type { Db, On } from "../db/db"
import { storedTime } from "../db/schema"

/** The period the health is read over, in days. */
export const HEALTH_DAYS = 7

/** How many announcements the health lists, the newest. */
export const HEALTH_ANNOUNCEMENTS = 5

const DAY_MS = 24 * 60 * 60 * 1000

type Counts = { delivered: number; hardBounces: number; complaints: number; refused: number }

/** A rate to four decimals, or null without a denominator. */
const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000)

/** Every provider's row, in the providers' order, from counts by provider (a provider without mail counts 0). */
function rows(counts: Map<string, Counts>): ProviderHealth[] {
  return MAILBOX_PROVIDERS.map((provider) => {
    const { delivered, hardBounces, complaints, refused } = counts.get(provider) ?? {
      delivered: 0,
      hardBounces: 0,
      complaints: 0,
      refused: 0,
    }
    return {
      provider,
      delivered,
      hardBounces,
      complaints,
      hardBounceRate: rate(hardBounces, delivered + refused),
      complaintRate: rate(complaints, delivered),
    }
  })
}

const count = (condition: ReturnType<typeof sql<boolean>>) => sql<number>`SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`

/** The counts of the mails sent and the bounces come since `since`, by provider. */
async function sinceCounts(on: On, since: Date): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>()
  const entry = (provider: string | null) => {
    const key = provider ?? "other"
    const found = counts.get(key) ?? { delivered: 0, hardBounces: 0, complaints: 0, refused: 0 }
    counts.set(key, found)
    return found
  }
  const delivered = await on
    .selectFrom("waitlist_outbox")
    .select((eb) => ["mailbox_provider", eb.fn.countAll<number>().as("n")])
    .where("sent_at", ">=", storedTime(since))
    .where("status", "=", "sent")
    .where("mailbox_provider", "is not", null)
    .groupBy("mailbox_provider")
    .execute()
  for (const row of delivered) entry(row.mailbox_provider).delivered += Number(row.n)
  const bounces = await on
    .selectFrom("waitlist_bounces as b")
    .innerJoin("waitlist_outbox as o", "o.id", "b.delivery_id")
    .select((eb) => [
      "o.mailbox_provider",
      "b.kind",
      eb.fn.countAll<number>().as("n"),
      count(sql`o.status = 'failed'`).as("refused"),
    ])
    .where("b.received_at", ">=", storedTime(since))
    .where("b.kind", "in", ["hard", "complaint"])
    .where("o.mailbox_provider", "is not", null)
    .groupBy(["o.mailbox_provider", "b.kind"])
    .execute()
  for (const row of bounces) {
    const found = entry(row.mailbox_provider)
    if (row.kind === "complaint") found.complaints += Number(row.n)
    else {
      found.hardBounces += Number(row.n)
      found.refused += Number(row.refused)
    }
  }
  return counts
}

/** The counts of one announcement's mails, by provider. */
async function announcementCounts(on: On, announcementId: number): Promise<Map<string, Counts>> {
  const bounced = (kind: string) =>
    sql<boolean>`EXISTS (SELECT 1 FROM waitlist_bounces b WHERE b.delivery_id = o.id AND b.kind = ${kind})`
  const found = await on
    .selectFrom("waitlist_announcement_mails as m")
    .innerJoin("waitlist_outbox as o", "o.id", "m.delivery_id")
    .select([
      "o.mailbox_provider",
      count(sql`o.status = 'sent'`).as("delivered"),
      count(bounced("hard")).as("hard"),
      count(bounced("complaint")).as("complaints"),
      count(sql`o.status = 'failed' AND ${bounced("hard")}`).as("refused"),
    ])
    .where("m.announcement_id", "=", announcementId)
    .groupBy("o.mailbox_provider")
    .execute()
  return new Map(
    found.map((row) => [
      row.mailbox_provider ?? "other",
      {
        delivered: Number(row.delivered),
        hardBounces: Number(row.hard),
        complaints: Number(row.complaints),
        refused: Number(row.refused),
      },
    ]),
  )
}

/** The mail's health by provider, now: the last HEALTH_DAYS days and the latest HEALTH_ANNOUNCEMENTS announcements. */
export function mailHealth(db: Db, now: Date): Promise<MailHealth> {
  return db.read(async (on) => {
    const announcements = await on
      .selectFrom("waitlist_announcements")
      .select(["id", "slug"])
      .orderBy("id", "desc")
      .limit(HEALTH_ANNOUNCEMENTS)
      .execute()
    const listed: MailHealth["announcements"] = []
    for (const announcement of announcements)
      listed.push({ slug: announcement.slug, providers: rows(await announcementCounts(on, announcement.id)) })
    return {
      days: HEALTH_DAYS,
      lastDays: rows(await sinceCounts(on, new Date(now.getTime() - HEALTH_DAYS * DAY_MS))),
      announcements: listed,
    }
  })
}
