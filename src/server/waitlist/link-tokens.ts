import { createHash, randomFillSync } from "crypto"

const TOKEN_BYTES = 32
/** Random bytes for 64 tokens, drawn at once: one call to the system's generator instead of one per token. */
const pool = Buffer.alloc(TOKEN_BYTES * 64)
let used = pool.length

/** A new token for a link in a mail: 32 random bytes, URL-safe. Each byte of the pool serves one token only. */
export function newLinkToken(): string {
  if (used === pool.length) {
    randomFillSync(pool)
    used = 0
  }
  const token = pool.toString("base64url", used, used + TOKEN_BYTES)
  used += TOKEN_BYTES
  return token
}

/** What the store keeps of a token: its SHA-256, so a copy of the database opens no link. */
export const hashLinkToken = (token: string): string => createHash("sha256").update(token).digest("hex")

/** A token as newLinkToken writes them; anything else is refused before the store is asked. */
export const isLinkToken = (value: unknown): value is string => typeof value === "string" && /^[\w-]{43}$/.test(value)
