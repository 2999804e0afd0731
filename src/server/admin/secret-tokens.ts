import { createHash, randomBytes } from "crypto"

/**
 * A new token for an invitation or a session: 32 random bytes (256 bits),
 * URL-safe, 43 characters.
 */
export const newSecretToken = (): string => randomBytes(32).toString("base64url")

/** What the store keeps of a token: its SHA-256, so a copy of the database opens no session and takes no invitation. */
export const secretTokenKey = (token: string): string => createHash("sha256").update(token).digest("hex")

/** A token as newSecretToken writes them; anything else is refused before the store is asked. */
export const isSecretToken = (value: unknown): value is string => typeof value === "string" && /^[\w-]{43}$/.test(value)
