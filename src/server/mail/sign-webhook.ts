import { createHmac, timingSafeEqual } from "crypto"

/** The header a webhook event's signature travels in. */
export const SIGNATURE_HEADER = "Storyling-Signature"

/**
 * The signature of a webhook event: `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<body>">` under the shared secret. The time is signed with the
 * body, so a receiver can refuse an old event replayed.
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex")
  return `t=${unixSeconds},v1=${mac}`
}

/**
 * What a receiver does with the header: true when the signature is the
 * body's under the secret and no older than `toleranceSeconds`.
 */
export function verifyWebhook(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const fields = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]))
  const t = Number(fields.t)
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || typeof fields.v1 !== "string") return false
  const expected = Buffer.from(signWebhook(secret, body, t).split("v1=")[1] ?? "", "hex")
  const given = Buffer.from(fields.v1, "hex")
  return expected.length === given.length && timingSafeEqual(expected, given)
}
