import { createCipheriv, createDecipheriv, createHash, createHmac, timingSafeEqual } from "crypto"

/** How many hex digits of the HMAC a tag of the first form carries: 64 bits, beyond any guess a forged bounce could make. */
const SIGNATURE_DIGITS = 16

const signature = (key: string, id: number) =>
  createHmac("sha256", key).update(`delivery:${id}`).digest("hex").slice(0, SIGNATURE_DIGITS)

/** The AES-256 key of the tags, derived from the database's bounce key. */
const cipherKey = (key: string) => createHash("sha256").update(`delivery tags:${key}`).digest()

/**
 * The tag of a delivery in its bounce address and `Storyling-Delivery`
 * header: its id and part of its HMAC in one AES block under the database's
 * key, so it tells a recipient nothing of other mails and a forged one
 * names none. Lower-case hex: some servers fold a local part's case.
 */
export function deliveryTag(key: string, id: number): string {
  const block = Buffer.alloc(16)
  block.writeBigUInt64BE(BigInt(id))
  Buffer.from(signature(key, id), "hex").copy(block, 8)
  const cipher = createCipheriv("aes-256-ecb", cipherKey(key), null).setAutoPadding(false)
  return Buffer.concat([cipher.update(block), cipher.final()]).toString("hex")
}

/**
 * The delivery a tag names, when it is this key's; null for anything else.
 * Mails sent before the tags were enciphered carry `<id>-<signature>`,
 * taken as long as their bounces may still come.
 */
export function deliveryOfTag(key: string, tag: string): number | null {
  const given = tag.trim().toLowerCase()
  if (/^[0-9a-f]{32}$/.test(given)) {
    const decipher = createDecipheriv("aes-256-ecb", cipherKey(key), null).setAutoPadding(false)
    const block = Buffer.concat([decipher.update(Buffer.from(given, "hex")), decipher.final()])
    const id = block.readBigUInt64BE()
    if (id > BigInt(Number.MAX_SAFE_INTEGER)) return null
    return signed(key, Number(id), block.subarray(8).toString("hex"))
  }
  const match = /^(\d{1,15})-([0-9a-f]{16})$/.exec(given)
  return match ? signed(key, Number(match[1]), match[2] ?? "") : null
}

/** The id when `hex` is its signature under this key, else null. */
function signed(key: string, id: number, hex: string): number | null {
  const expected = Buffer.from(signature(key, id))
  const given = Buffer.from(hex)
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null
}

/** The header of every mail that names its delivery's tag, found again in the headers a bounce or a complaint returns. */
export const DELIVERY_HEADER = "Storyling-Delivery"

/** The envelope sender of a delivery: the bounce address with the tag after a `+` (VERP), `bounces+3f9c…@example.com`. */
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
