/**
 * Gmail's limits, acted on (a periodic job): over the last 1,000 mails
 * delivered to visitors (once at least 300 were), complaints reaching 0.1%
 * mail the team an alert, at most once a UTC day; complaints reaching 0.3%,
 * or hard bounces over 2%, pause every announcement being sent, with the
 * reason in plain words and a line in the audit log, before a provider
 * blocks the domain. A send the team resumed is paused again only when a
 * new complaint or hard bounce comes while the limit is still passed.
 */
import { sql } from "kysely"
import { pauseEverySend } from "../announcements/announcement-queries"
import type { Db } from "../db/db"
import type { SendMail } from "../mails/mail-transport"
import { newMessageId } from "../mails/message-id"
import type { MailSettings } from "../settings"
import { healthAlertMail } from "./health-alert-mail"
import { LIMITS, recentMail, type RecentMail } from "./recent-mail"

const counter = { alerted: "mail_health_alerted_day", paused: "mail_health_paused_at" }

const percent = (rate: number) => `${(Math.round(rate * 1000) / 10).toString()}%`

/** Why every send pauses, in plain words, or null while the mail is within the limits. */
export function pauseReason(mail: RecentMail): string | null {
  if (mail.delivered < LIMITS.minimum) return null
  const complaintRate = mail.complaints / mail.delivered
  const hardRate = mail.hardBounces / (mail.delivered + mail.refused)
  if (complaintRate >= LIMITS.pauseComplaintRate)
    return `Paused by the server: ${mail.complaints} of the last ${mail.delivered} mails delivered were reported as spam (${percent(complaintRate)}), at or past Gmail's limit of 0.3%. Find out why people complain before you resume.`
  if (hardRate > LIMITS.pauseHardBounceRate)
    return `Paused by the server: ${mail.hardBounces} of the last ${mail.delivered + mail.refused} mails bounced because the address does not exist (${percent(hardRate)}), more than 2%. Check where the list's addresses came from before you resume.`
  return null
}

/** Whether the complaints call for the team's alert. */
export const alertDue = (mail: RecentMail): boolean =>
  mail.delivered >= LIMITS.minimum && mail.complaints / mail.delivered >= LIMITS.alertComplaintRate

/** Takes the day's alert for this instance: false when one went today already (on either store, one instance wins). */
async function claimAlert(db: Db, now: Date): Promise<boolean> {
  const today = Math.floor(now.getTime() / 86_400_000)
  return db.write(async (trx) => {
    const inserted = await trx
      .insertInto("waitlist_counters")
      .values({ name: counter.alerted, value: today })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .returning("name")
      .executeTakeFirst()
    if (inserted) return true
    const updated = await trx
      .updateTable("waitlist_counters")
      .set({ value: today })
      .where("name", "=", counter.alerted)
      .where("value", "<", today)
      .executeTakeFirst()
    return Number(updated.numUpdatedRows) > 0
  })
}

/** Whether a complaint or hard bounce came since the guard last paused the sends (or it never did). */
async function newSincePause(db: Db, latestAt: Date | null): Promise<boolean> {
  if (!latestAt) return false
  const row = await db.read((on) =>
    on.selectFrom("waitlist_counters").select("value").where("name", "=", counter.paused).executeTakeFirst(),
  )
  return row === undefined || Number(row.value) < latestAt.getTime()
}

/** The job: reads the last deliveries, pauses the sends past a limit, mails the team past the alert's. */
export async function guardMailHealth(
  db: Db,
  { mail, sendMail }: { mail: MailSettings; sendMail: SendMail },
  now: Date,
): Promise<void> {
  const recent = await db.read((on) => recentMail(on))
  const reason = pauseReason(recent)
  if (reason && (await newSincePause(db, recent.latestAt))) {
    await pauseEverySend(db, reason, now)
    const at = recent.latestAt?.getTime() ?? now.getTime()
    await db.write((trx) =>
      trx
        .insertInto("waitlist_counters")
        .values({ name: counter.paused, value: at })
        .onConflict((conflict) => conflict.column("name").doUpdateSet({ value: sql`excluded.value` }))
        .execute(),
    )
  }
  if (alertDue(recent) && (await claimAlert(db, now))) {
    try {
      await sendMail(healthAlertMail(recent, reason, mail, newMessageId(mail.siteUrl)))
    } catch (error) {
      // Not sent: the next run tries again today.
      await db.write((trx) => trx.deleteFrom("waitlist_counters").where("name", "=", counter.alerted).execute())
      throw error
    }
  }
}
