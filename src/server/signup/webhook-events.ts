import { randomUUID } from "crypto"
import type { DeliveryKindHandler, NewDelivery } from "../outbox/deliveries"
import type { WebhookSettings } from "../settings"
import type { NewWaitlistEntry } from "./sign-up"

/** A webhook event as JSON: its type, a unique id (a receiver drops one it has seen), when it happened and what about. */
const event = (webhook: WebhookSettings, type: string, now: Date, data: Record<string, unknown>): NewDelivery => ({
  kind: "webhook",
  recipient: webhook.url,
  payload: JSON.stringify({ id: randomUUID(), type, created_at: now.toISOString(), data }),
})

/** `waitlist.submitted`: an accepted submission, with what the visitor wrote and their browser's metadata. */
export const submittedEvent = (
  webhook: WebhookSettings,
  { name, email, message, metadata }: NewWaitlistEntry,
  now: Date,
) => event(webhook, "waitlist.submitted", now, { name, email, message, metadata })

/** `waitlist.confirmed`: an address confirmed by the link of its confirmation mail. */
export const confirmedEvent = (webhook: WebhookSettings, { name, email }: { name: string; email: string }, now: Date) =>
  event(webhook, "waitlist.confirmed", now, { name, email, confirmed_at: now.toISOString() })

/** The outbox's handling of webhook events: each posted as it was queued, to the receiver it was queued for. */
export const webhookEventKind: DeliveryKindHandler = {
  load: async (_trx, delivery) => ({ write: () => ({ webhook: { url: delivery.recipient, body: delivery.payload } }) }),
}
