import { createHmac, timingSafeEqual } from "crypto"

/** The header a webhook event's signature travels in. */
export const SIGNATURE_HEADER = "Storyling-Signature"

/** The one form of the header: the time in whole seconds, then 64 lower-case hex digits, nothing around them. */
const SIGNATURE = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/

const hmac = (secret: string, body: string, unixSeconds: number) =>
  createHmac("sha256", secret).update(`${unixSeconds}.${body}`)

/**
 * The signature of a webhook event: `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<body>">` under the shared secret. The time is signed with the
 * body, so a receiver can refuse an old event replayed.
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmac(secret, body, unixSeconds).digest("hex")}`
}

/**
 * A receiver's check of the header: its exact form, the body's signature
 * under the secret (in constant time), no older than `toleranceSeconds`;
 * false for anything else, so the receiver answers a 4xx. Receivers
 * deduplicate by the event's `id`, which a retry keeps.
 * @param header the header's value as the receiver's framework gives it (none, or several, is false)
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | readonly string[] | null | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const match = typeof header === "string" ? SIGNATURE.exec(header) : null
  if (!match) return false
  const t = Number(match[1])
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false
  return timingSafeEqual(hmac(secret, body, t).digest(), Buffer.from(match[2] ?? "", "hex"))
}
