import { classifySmtpRefusal } from "../bounces/classify-refusal"
import type { BounceKind, Delivery } from "../waitlist/deliveries"
import { renderDraft, type MailDraft } from "./mail-drafts"
import { NotOneAddressError, type SendMail } from "./mail-transport"
import type { MailSettings } from "../settings"
import { SIGNATURE_HEADER, signWebhook } from "./sign-webhook"

/** What became of one try: delivered, or failed for now or (`permanent`) for good; `bounce` when the server refused the address itself. */
export type DeliveryResult = { ok: true } | { ok: false; permanent: boolean; error: string; bounce?: BounceKind }

/** How long a webhook receiver may take to answer, at most (the try's own deadline may be shorter). */
const WEBHOOK_TIMEOUT_MS = 10_000

/** Whether an SMTP error is a refusal for good: a 5xx reply. */
const isPermanentSmtp = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === "number" && code >= 500 && code < 600
}

/** Whether a webhook's answer is a refusal for good: a 4xx other than 408 (timeout) and 429 (slow down). */
const isPermanentHttp = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

/** A try given up on: its deadline passed (the peer trickled or never answered). */
const pastDeadline = (signal: AbortSignal): DeliveryResult => ({ ok: false, permanent: false, error: `no answer within the try's deadline: ${describe(signal.reason)}` })

/**
 * Makes one try at a delivery of the outbox, giving up when `signal`
 * aborts (the try's deadline, shorter than its lease: see OutboxWorker).
 * Never rejects.
 */
export function deliverer(sendMail: SendMail, settings: MailSettings, fetchImpl: typeof fetch = fetch) {
  const { webhook } = settings
  return async (delivery: Delivery, signal: AbortSignal = new AbortController().signal): Promise<DeliveryResult> => {
    if (delivery.kind !== "webhook") {
      let mail
      try {
        mail = renderDraft(JSON.parse(delivery.payload) as MailDraft, delivery, settings)
      } catch (error) {
        // No later try could render it either.
        return { ok: false, permanent: true, error: `cannot write the mail: ${describe(error)}` }
      }
      try {
        await sendMail(mail, signal)
        return { ok: true }
      } catch (error) {
        if (signal.aborted) return pastDeadline(signal)
        const bounce = classifySmtpRefusal(error)
        return { ok: false, permanent: error instanceof NotOneAddressError || isPermanentSmtp(error), error: describe(error), ...(bounce ? { bounce } : {}) }
      }
    }
    if (!webhook) return { ok: false, permanent: true, error: "WAITLIST_WEBHOOK_URL is no longer set" }
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)])
    try {
      const response = await fetchImpl(delivery.recipient, {
        method: "POST",
        headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: signWebhook(webhook.secret, delivery.payload, Math.floor(Date.now() / 1000)) },
        body: delivery.payload,
        redirect: "manual",
        signal: deadline,
      })
      await response.body?.cancel()
      if (response.ok) return { ok: true }
      return { ok: false, permanent: isPermanentHttp(response.status), error: `the webhook answered ${response.status}` }
    } catch (error) {
      if (deadline.aborted) return pastDeadline(deadline)
      return { ok: false, permanent: false, error: describe(error) }
    }
  }
}
