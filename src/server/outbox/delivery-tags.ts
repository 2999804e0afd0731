import { createHmac, timingSafeEqual } from "crypto"

/** How many hex digits of the HMAC a tag carries: 64 bits, beyond any guess a forged bounce could make. */
const SIGNATURE_DIGITS = 16

const signature = (key: string, id: number) => createHmac("sha256", key).update(`delivery:${id}`).digest("hex").slice(0, SIGNATURE_DIGITS)

/**
 * The tag of a delivery, as its bounce address (`bounces+<tag>@…`) and its
 * `Storyling-Delivery` header carry it: the delivery's id and an HMAC of it
 * under a key the database made for itself (migration 0005). Lower-case
 * hex, since some mail servers fold the case of a local part. A bounce or
 * a complaint is matched by a tag whose signature holds, so a forged one
 * cannot name a delivery, let alone an address, it did not receive.
 */
export const deliveryTag = (key: string, id: number): string => `${id}-${signature(key, id)}`

/** The delivery a tag names, when its signature is this key's; null for anything else. */
export function deliveryOfTag(key: string, tag: string): number | null {
  const match = /^(\d{1,15})-([0-9a-f]{16})$/.exec(tag.trim().toLowerCase())
  if (!match) return null
  const id = Number(match[1])
  const expected = Buffer.from(signature(key, id))
  const given = Buffer.from(match[2] ?? "")
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null
}

/** The header of every mail that names its delivery's tag, found again in the headers a bounce or a complaint returns. */
export const DELIVERY_HEADER = "Storyling-Delivery"

/** The envelope sender of a delivery: the bounce address with the tag after a `+` (VERP), `bounces+42-…@example.com`. */
export function verpAddress(bounceAddress: string, tag: string): string {
  const at = bounceAddress.lastIndexOf("@")
  return `${bounceAddress.slice(0, at)}+${tag}${bounceAddress.slice(at)}`
}

/** The tag of a VERP address of this bounce address, as written (unchecked), or null when the address is not one. */
export function tagOfVerpAddress(bounceAddress: string, address: string): string | null {
  const at = bounceAddress.lastIndexOf("@")
  const local = bounceAddress.slice(0, at).toLowerCase()
  const domain = bounceAddress.slice(at + 1).toLowerCase()
  const given = address.trim().toLowerCase()
  const givenAt = given.lastIndexOf("@")
  if (givenAt < 0 || given.slice(givenAt + 1) !== domain) return null
  const givenLocal = given.slice(0, givenAt)
  return givenLocal.startsWith(`${local}+`) ? givenLocal.slice(local.length + 1) : null
}
