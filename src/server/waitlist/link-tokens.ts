import { createHash, randomBytes } from "crypto"

/** A new token for a link in a mail: 32 random bytes, URL-safe. */
export const newLinkToken = (): string => randomBytes(32).toString("base64url")

/** What the store keeps of a token: its SHA-256, so a copy of the database opens no link. */
export const hashLinkToken = (token: string): string => createHash("sha256").update(token).digest("hex")

/** A token as newLinkToken writes them; anything else is refused before the store is asked. */
export const isLinkToken = (value: unknown): value is string => typeof value === "string" && /^[\w-]{43}$/.test(value)
