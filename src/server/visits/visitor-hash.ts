import { createHmac } from "crypto"

/**
 * What a visitor is counted by, the way Plausible does it: a keyed hash
 * (HMAC-SHA-256, 128 bits kept) of the client's key and its User-Agent,
 * keyed by the random salt of the day. Nothing of the address or the
 * User-Agent can be read back from it, and once the day's salt is deleted
 * nobody can tell whether a visitor of that day came again.
 */
export const visitorHash = (salt: string, client: string, userAgent: string): string =>
  createHmac("sha256", salt).update(client).update("\n").update(userAgent).digest("base64url").slice(0, 22)
