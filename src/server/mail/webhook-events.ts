import { randomUUID } from "crypto"
import type { NewDelivery } from "../waitlist/deliveries"
import type { LinkedEntry, NewWaitlistEntry } from "../waitlist/waitlist-store"
import type { WebhookSettings } from "../settings"

/** A webhook event as JSON: its type, a unique id (a receiver drops one it has seen), when it happened and what about. */
const event = (webhook: WebhookSettings, type: string, now: Date, data: Record<string, unknown>): NewDelivery => ({
  kind: "webhook",
  recipient: webhook.url,
  payload: JSON.stringify({ id: randomUUID(), type, created_at: now.toISOString(), data }),
})

/** `waitlist.submitted`: an accepted submission, with what the visitor wrote and their browser's metadata. */
export const submittedEvent = (webhook: WebhookSettings, { name, email, message, metadata }: NewWaitlistEntry, now: Date) =>
  event(webhook, "waitlist.submitted", now, { name, email, message, metadata })

/** `waitlist.confirmed`: an address confirmed by the link of its confirmation mail. */
export const confirmedEvent = (webhook: WebhookSettings, { name, email }: LinkedEntry, now: Date) =>
  event(webhook, "waitlist.confirmed", now, { name, email, confirmed_at: now.toISOString() })
