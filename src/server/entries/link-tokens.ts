import { createHash, randomFillSync } from "crypto"

const TOKEN_BYTES = 32
/** A token begins with the time it was made, in milliseconds (48 bits, good until the year 10889). */
const TIME_BYTES = 6
const RANDOM_BYTES = TOKEN_BYTES - TIME_BYTES
/** Random bytes for 64 tokens, drawn at once: one call to the system's generator instead of one per token. */
const pool = Buffer.alloc(RANDOM_BYTES * 64)
let used = pool.length

/**
 * A new token for a link in a mail, URL-safe: the time, then 26 random
 * bytes (208 bits, as unguessable as ever). Each byte of the pool serves
 * one token only.
 */
export function newLinkToken(now = Date.now()): string {
  if (used === pool.length) {
    randomFillSync(pool)
    used = 0
  }
  const token = Buffer.alloc(TOKEN_BYTES)
  token.writeUIntBE(now, 0, TIME_BYTES)
  pool.copy(token, TIME_BYTES, used, used + RANDOM_BYTES)
  used += RANDOM_BYTES
  return token.toString("base64url")
}

/** How many characters of a key the time takes: the rest is the hash. */
export const KEY_TIME_CHARS = TIME_BYTES * 2

/**
 * What the store keeps of a token: its time in hex, then its SHA-256, so a
 * copy of the database opens no link, and new keys go to the end of their
 * index, a burst of sign-ups writing a few pages per commit.
 */
export const linkTokenKey = (token: string): string =>
  Buffer.from(token, "base64url").toString("hex", 0, TIME_BYTES) + createHash("sha256").update(token).digest("hex")

/** A token as newLinkToken writes them; anything else is refused before the store is asked. */
export const isLinkToken = (value: unknown): value is string => typeof value === "string" && /^[\w-]{43}$/.test(value)
