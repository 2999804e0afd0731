/**
 * Device cookies (OWASP's answer to lock-outs an attacker can hold): a
 * browser that logged in to an account gets a cookie naming the account
 * and a random nonce, signed with a key of the database's, so failures
 * from anywhere else never hold that browser out. Nothing is stored: the
 * signature is the proof, and a revoked account logs in no more anyway.
 */
import { randomBytes, timingSafeEqual } from "crypto"
import type { Db } from "../db/db"

/** The signature of a device cookie: a keyed hash under the database's own key, apart from every other use of it. */
const signature = (db: Db, accountId: number, nonce: string) =>
  db.keyedHash(`admin device\u0000${accountId}\u0000${nonce}`)

/** A new device cookie's value for an account: `<account id>.<nonce>.<signature>`. Valid inside a read or write of `db`. */
export function newDeviceCookie(db: Db, accountId: number): string {
  const nonce = randomBytes(16).toString("base64url")
  return `${accountId}.${nonce}.${signature(db, accountId, nonce)}`
}

/** The nonce of a device cookie signed for this account, or null for none, another account's, or a forged one. Valid inside a read or write of `db`. */
export function knownDevice(db: Db, value: string | undefined, accountId: number): string | null {
  const match = /^(\d{1,15})\.([\w-]{22})\.([0-9a-f]{64})$/.exec(value ?? "")
  if (!match || Number(match[1]) !== accountId) return null
  const nonce = match[2] ?? ""
  const expected = Buffer.from(signature(db, accountId, nonce))
  const given = Buffer.from(match[3] ?? "")
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null
}
