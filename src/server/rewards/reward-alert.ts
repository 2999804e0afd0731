/**
 * The team's alert that a tier's codes ran out for a store: sent once
 * (see alertOnce) until codes are imported for it, to WAITLIST_NOTIFY_TO,
 * saying how to import more. Awards wait meanwhile, and are paid as soon
 * as codes arrive.
 */
import { siteFacts } from "../../config/site-facts"
import type { Tx } from "../db/db"
import { storedTime } from "../db/schema"
import type { MailMessage } from "../mails/mail-message"
import { newMessageId } from "../mails/message-id"
import type { DeliveryKindHandler, NewDelivery } from "../outbox/deliveries"
import { queueDelivery } from "../outbox/outbox-queries"
import type { MailSettings } from "../settings"
import type { Store } from "./reward-queries"

/** What the outbox keeps of an alert. */
export type RewardAlertDraft = { kind: "reward-alert"; messageId: string; tier: string; store: Store }

const STORE_NAMES: Record<Store, string> = { ios: "App Store", android: "Google Play" }

/** The alert, as the team reads it. */
export function rewardAlertMail({ messageId, tier, store }: RewardAlertDraft, settings: MailSettings): MailMessage {
  const subject = `Rewards: no ${STORE_NAMES[store]} code left for ${tier}`
  return {
    messageId,
    from: settings.from,
    to: settings.notifyTo,
    subject,
    text: [
      `Someone earned the reward ${tier} and waits for a ${STORE_NAMES[store]} code, but none is left.`,
      "",
      `Their reward shows as on its way on their place page. Import codes from ${store === "ios" ? "App Store Connect (offer codes)" : "the Play Console (promo codes)"} and it is paid within a minute:`,
      "",
      `  npm run waitlist -- rewards import ${tier} ${store} <file>`,
      "",
      `\`npm run waitlist -- rewards status\` shows who waits. This is the only alert until codes for ${tier} on ${STORE_NAMES[store]} are imported.`,
      "",
      `— ${siteFacts.appName}'s waitlist`,
    ].join("\n"),
    headers: { "Auto-Submitted": "auto-generated" },
  }
}

/**
 * Queues the alert of a tier and store once, in the transaction that found
 * the pool empty: the alert's row keeps it from going again until an
 * import removes it. `entryId` is the waiting person's (every delivery
 * belongs to an entry).
 * @returns whether the alert was queued now
 */
export async function alertOnce(
  trx: Tx,
  settings: MailSettings,
  { tier, store, entryId }: { tier: string; store: Store; entryId: number },
  now: Date,
): Promise<boolean> {
  const inserted = await trx
    .insertInto("waitlist_reward_alerts")
    .values({ tier, platform: store, alerted_at: storedTime(now) })
    .onConflict((conflict) => conflict.columns(["tier", "platform"]).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
  const draft: RewardAlertDraft = { kind: "reward-alert", messageId: newMessageId(settings.siteUrl), tier, store }
  const delivery: NewDelivery = {
    kind: "reward-alert",
    recipient: settings.notifyTo.address,
    payload: JSON.stringify(draft),
  }
  await queueDelivery(trx, entryId, delivery, now)
  return true
}

/** The outbox's handling of alerts: written from their draft. */
export const rewardAlertKind = (settings: MailSettings): DeliveryKindHandler => ({
  load: async (_trx, delivery) => ({
    write: () => ({ mail: rewardAlertMail(JSON.parse(delivery.payload) as RewardAlertDraft, settings) }),
  }),
})
