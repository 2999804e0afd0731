/**
 * Erasing a person (GDPR Art. 17) so that no byte of them is left where
 * the site keeps data: their rows, their mails in the outbox folder, and
 * the database's files, rewritten at once and again by the server's job for
 * erasures made by the command line. What it cannot reach is in docs/operating.md.
 */
import fs from "fs"
import path from "path"
import type { Actor } from "../audit/audit-log"
import type { Db } from "../db/db"
import type { Database } from "../db/schema"
import { isEmlOf } from "../mails/mail-transport"
import { deliveryTag } from "../outbox/delivery-tags"
import { eraseRecords } from "./people-queries"

/** The tables an erasure deletes from or changes, its referrals (and their networks and reasons, by cascade), its rewards (their referrals, and their codes let go) and its place in the line kept with the entry: what is rewritten after one. */
export const ERASED_TABLES: readonly (keyof Database)[] = [
  "waitlist_entries",
  "waitlist_messages",
  "waitlist_outbox",
  "waitlist_leave_tokens",
  "waitlist_announcement_mails",
  "waitlist_sequence_mails",
  "waitlist_bounces",
  "waitlist_suppressions",
  "waitlist_referrals",
  "waitlist_referral_networks",
  "waitlist_referral_reasons",
  "waitlist_rewards",
  "waitlist_reward_referrals",
  "waitlist_reward_codes",
  "waitlist_line",
]

/** Removes the .eml files of these deliveries from the folder mails are written to without SMTP_URL. */
async function removeMailFiles(db: Db, folder: string, deliveryIds: number[]): Promise<void> {
  if (deliveryIds.length === 0 || !fs.existsSync(folder)) return
  const tags = await db.read(async () => deliveryIds.map((id) => deliveryTag(db.secret("bounce_key"), id)))
  for (const name of fs.readdirSync(folder)) {
    if (tags.some((tag) => isEmlOf(name, tag))) fs.rmSync(path.join(folder, name), { force: true })
  }
}

/**
 * Erases the entry of an address with everything of it the site keeps, and
 * rewrites the database's files so that none of its bytes stay in them.
 * @param mailFolder the folder mails are written to without SMTP_URL (MAIL_OUTBOX_DIR)
 * @returns how many entries were erased (0 or 1)
 */
export async function erasePerson(
  db: Db,
  email: string,
  by: Actor,
  ip: string | null,
  now: Date,
  mailFolder: string | null = null,
): Promise<number> {
  const { erased, deliveryIds } = await eraseRecords(db, email, by, ip, now)
  if (erased === 0) return 0
  if (mailFolder) await removeMailFiles(db, mailFolder, deliveryIds)
  await db.compact(ERASED_TABLES)
  return erased
}

/**
 * The server's periodic job for erasures made by another process (the
 * command line) while it runs: once a new one is recorded, the database's
 * files are rewritten again, so that within a minute nothing of the person
 * stays in them, whatever was open then.
 */
export function erasuresMadeFinal(db: Db): () => Promise<void> {
  let compactedUpTo: string | null = null
  return async () => {
    const latest = await db.read(
      async (on) =>
        (
          await on
            .selectFrom("waitlist_erasures")
            .select((eb) => eb.fn.max("erased_at").as("at"))
            .executeTakeFirst()
        )?.at ?? null,
    )
    const at = latest === null ? null : new Date(latest as string | Date).toISOString()
    if (at === null || at === compactedUpTo) return
    await db.compact(ERASED_TABLES)
    compactedUpTo = at
  }
}
