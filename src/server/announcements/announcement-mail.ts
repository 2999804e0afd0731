/**
 * How the outbox sends an announcement's mails: never to an address
 * suppressed since it was queued, written as a list mail (see list-mail.ts)
 * in the language it was queued in, from the text the announcement was
 * sent with, and each try's end recorded.
 */
import { visitorMailSettled, visitorMailSuppressed } from "../bounces/suppressions"
import type { Db } from "../db/db"
import { leaveLink } from "../entries/mail-links"
import { listMail } from "../markdown-mail/list-mail"
import { renderedMail } from "../markdown-mail/render-mail"
import type { DeliveryKindHandler } from "../outbox/deliveries"
import { placeLink } from "../referrals/place-link"
import { personalCodeOf } from "../referrals/referral-queries"
import type { MailSettings } from "../settings"
import { recordTry, versionOfMail } from "./announcement-queries"

/** What the outbox keeps of one reader's mail of an announcement (its text is the announcement's, read when it is sent). */
export type AnnouncementDraft = { kind: "announcement"; messageId: string; name: string; leaveToken: string }

/**
 * The outbox's handling of announcements' mails: never to an address
 * suppressed since it was queued, written in the language it was queued
 * in from the text the announcement was sent with, and each try's end
 * recorded (a send pauses itself when too many fail: see recordTry).
 */
export function announcementMailKind(db: Db, settings: MailSettings): DeliveryKindHandler {
  return {
    async load(trx, delivery) {
      const suppressed = await visitorMailSuppressed(db, trx, delivery)
      if (suppressed) return { giveUp: suppressed }
      const version = await versionOfMail(trx, delivery.id)
      const code = await personalCodeOf(trx, delivery.entryId)
      return {
        write: () => {
          if (!version) throw new Error("the announcement this mail belongs to is no longer stored")
          const draft = JSON.parse(delivery.payload) as AnnouncementDraft
          const rendered = renderedMail(version, settings.siteUrl)
          const placeUrl = code ? placeLink(db, code, rendered.lang, settings.siteUrl) : null
          return {
            mail: listMail(
              rendered,
              {
                name: draft.name,
                email: delivery.recipient,
                leaveUrl: leaveLink(settings.siteUrl, draft.leaveToken, rendered.lang),
                placeUrl,
              },
              settings,
              draft.messageId,
              { campaign: "announcement" },
            ),
          }
        },
      }
    },
    async settled(trx, delivery, outcome, now) {
      await recordTry(trx, delivery.id, outcome.tryFailed, outcome.status === "retry" ? null : outcome.status, now)
      await visitorMailSettled(db, trx, delivery, outcome, now)
    },
  }
}
