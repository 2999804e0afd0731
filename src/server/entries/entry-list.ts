/**
 * The waitlist as the team reads it: every entry with its messages and its
 * suppression, and the counts the command line prints.
 */
import { addressHash } from "../addresses/address-hash"
import { suppressionsInForce } from "../bounces/suppressions"
import type { Db } from "../db/db"
import { toDate, toDateOrNull } from "../db/schema"
import { wholeLine } from "../referrals/line"
import { DEFAULT_REFERRAL_BOOST } from "../settings"
import type { PolicyVersion } from "./privacy-policy-version"

/** One submission of a person: what they wrote that time, and the metadata their browser sent with it. */
export type WaitlistMessage = {
  /** The name given with this submission (the entry keeps the first one). */
  name: string
  message: string
  metadata: Record<string, unknown>
  submittedAt: Date
  /** The privacy policy in force when it was sent; null when not recorded (before migration 0006). */
  policy?: PolicyVersion | null
}

/** What the waitlist keeps of one person. */
export type WaitlistEntry = {
  /** The name of the first sign-up: a later one never changes it. */
  name: string
  /** The address of the first sign-up, its domain in its one stored form (see email-identity.ts). */
  email: string
  /** The newest message and its metadata. */
  message: string
  metadata: Record<string, unknown>
  createdAt: Date
  /** When the newest message arrived. */
  updatedAt: Date
  /** When the person confirmed the address by the link in the confirmation mail; null until then. */
  confirmedAt: Date | null
  /** Every submission of this address, newest first. */
  messages: WaitlistMessage[]
  /** When the address was suppressed (a bounce or a complaint: it gets no mail), and why; null while it is not. */
  suppressedAt: Date | null
  suppressedReason: string | null
  /** The place in line (see places); null until the address is confirmed. */
  place: number | null
  /** The referrals credited to this person. */
  referrals: number
  /** The address of the person whose personal link this one came through; null for none. */
  referredBy: string | null
}

const parseMetadata = (metadata: string) => JSON.parse(metadata) as Record<string, unknown>

/** How many entries the waitlist holds. */
export const countEntries = (db: Db): Promise<number> =>
  db.read(async (on) =>
    Number(
      (
        await on
          .selectFrom("waitlist_entries")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  )

/** How many submissions were thrown away: bots' entries (a filled honeypot), and repeats of an address past MESSAGES_PER_DAY. */
export function countDiscardedSubmissions(db: Db): Promise<{ bots: number; repeats: number }> {
  return db.read(async (on) => {
    const rows = await on
      .selectFrom("waitlist_counters")
      .select(["name", "value"])
      .where("name", "in", ["bots_discarded", "repeats_discarded"])
      .execute()
    const counted = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? 0)
    return { bots: counted("bots_discarded"), repeats: counted("repeats_discarded") }
  })
}

/** Every entry, oldest first, with every message newest first, its suppression, and its place and referrals (each credited one moving a person `boost` places ahead). */
export function listEntries(db: Db, boost = DEFAULT_REFERRAL_BOOST): Promise<WaitlistEntry[]> {
  return db.read(async (on) => {
    const entries = await on
      .selectFrom("waitlist_entries")
      .select(["id", "name", "email", "created_at", "updated_at", "confirmed_at"])
      .orderBy("created_at")
      .orderBy("id")
      .execute()
    const messages = await on
      .selectFrom("waitlist_messages")
      .select(["entry_id", "name", "message", "metadata", "submitted_at"])
      .orderBy("entry_id")
      .orderBy("id", "desc")
      .execute()
    const byEntry = new Map<number, WaitlistMessage[]>()
    for (const row of messages) {
      const history = byEntry.get(row.entry_id) ?? []
      history.push({
        name: row.name,
        message: row.message,
        metadata: parseMetadata(row.metadata),
        submittedAt: toDate(row.submitted_at),
      })
      byEntry.set(row.entry_id, history)
    }
    const placed = new Map((await wholeLine(on, boost)).map((row) => [Number(row.entry_id), row]))
    const referrers = await on
      .selectFrom("waitlist_referrals as r")
      .innerJoin("waitlist_entries as referrer", "referrer.id", "r.referrer_id")
      .select(["r.referred_id", "referrer.email"])
      .execute()
    const referredBy = new Map(referrers.map((row) => [Number(row.referred_id), row.email]))
    const hashes = entries.map((row) => addressHash(db, row.email))
    const suppressed = await suppressionsInForce(on, hashes)
    return entries.map((row, i) => {
      const history = byEntry.get(row.id) ?? []
      const suppression = suppressed.get(hashes[i] ?? "")
      return {
        name: row.name,
        email: row.email,
        message: history[0]?.message ?? "",
        metadata: history[0]?.metadata ?? {},
        createdAt: toDate(row.created_at),
        updatedAt: toDate(row.updated_at),
        confirmedAt: toDateOrNull(row.confirmed_at),
        messages: history,
        suppressedAt: suppression?.at ?? null,
        suppressedReason: suppression?.reason ?? null,
        place: placed.has(row.id) ? Number(placed.get(row.id)?.place) : null,
        referrals: Number(placed.get(row.id)?.credited ?? 0),
        referredBy: referredBy.get(row.id) ?? null,
      }
    })
  })
}
