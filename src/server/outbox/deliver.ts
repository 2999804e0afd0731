import type { SendMail } from "../mails/mail-transport"
import { NotOneAddressError } from "../mails/mail-transport"
import type { WebhookSettings } from "../settings"
import type { BounceKind, Delivery, Outgoing } from "./deliveries"
import { classifySmtpRefusal } from "./smtp-refusal"
import { SIGNATURE_HEADER, signWebhook } from "./webhook-signature"

/**
 * What became of one try: delivered, or failed for now or (`permanent`) for
 * good; `bounce` when the server refused the address itself, `loginRefused`
 * when it refused our login (SMTP_URL's user or password: a setting to fix,
 * not a mail to give up on).
 */
export type DeliveryResult =
  { ok: true } | { ok: false; permanent: boolean; error: string; bounce?: BounceKind; loginRefused?: boolean }

/** How long a webhook receiver may take to answer, at most (the try's own deadline may be shorter). */
const WEBHOOK_TIMEOUT_MS = 10_000

/** Whether an SMTP error is a refusal for good: a 5xx reply. */
const isPermanentSmtp = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === "number" && code >= 500 && code < 600
}

/** Whether the SMTP server refused our login (535, 534, 530 to AUTH, or nodemailer's EAUTH): the same for every mail until SMTP_URL is fixed. */
const isLoginRefused = (error: unknown) => {
  const { code, command } = error as { code?: unknown; command?: unknown }
  return code === "EAUTH" || (typeof command === "string" && command.toUpperCase().startsWith("AUTH"))
}

/** Whether a webhook's answer is a refusal for good: a 4xx other than 408 (timeout) and 429 (slow down). */
const isPermanentHttp = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

/** A try given up on: its deadline passed (the peer trickled or never answered). */
const pastDeadline = (signal: AbortSignal): DeliveryResult => ({
  ok: false,
  permanent: false,
  error: `no answer within the try's deadline: ${describe(signal.reason)}`,
})

/**
 * Makes one try at a written delivery: a mail through `sendMail`, a
 * webhook event posted, signed, to its receiver; giving up when `signal`
 * aborts (the try's deadline, shorter than its lease: see OutboxWorker).
 * Never rejects.
 */
export function deliverer(sendMail: SendMail, webhook: WebhookSettings | null, fetchImpl: typeof fetch = fetch) {
  return async (_delivery: Delivery, outgoing: Outgoing, signal: AbortSignal): Promise<DeliveryResult> => {
    if ("mail" in outgoing) {
      try {
        await sendMail(outgoing.mail, signal)
        return { ok: true }
      } catch (error) {
        if (signal.aborted) return pastDeadline(signal)
        // A refused login is retried with the backoff of any failure: every mail waits for the setting to be fixed, none is given up on.
        if (isLoginRefused(error)) return { ok: false, permanent: false, error: describe(error), loginRefused: true }
        const bounce = classifySmtpRefusal(error)
        return {
          ok: false,
          permanent: error instanceof NotOneAddressError || isPermanentSmtp(error),
          error: describe(error),
          ...(bounce ? { bounce } : {}),
        }
      }
    }
    if (!webhook) return { ok: false, permanent: true, error: "WAITLIST_WEBHOOK_URL is no longer set" }
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)])
    try {
      const response = await fetchImpl(outgoing.webhook.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          [SIGNATURE_HEADER]: signWebhook(webhook.secret, outgoing.webhook.body, Math.floor(Date.now() / 1000)),
        },
        body: outgoing.webhook.body,
        redirect: "manual",
        signal: deadline,
      })
      await response.body?.cancel()
      if (response.ok) return { ok: true }
      return {
        ok: false,
        permanent: isPermanentHttp(response.status),
        error: `the webhook answered ${response.status}`,
      }
    } catch (error) {
      if (deadline.aborted) return pastDeadline(deadline)
      return { ok: false, permanent: false, error: describe(error) }
    }
  }
}
