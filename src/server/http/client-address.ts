import type { IncomingMessage } from "http"
import type { RequestHandler } from "express"
import { isIP } from "net"

/** Longer than any address with a zone: a longer hop is refused before it is parsed. */
const MAX_ADDRESS_LENGTH = 64

/** The eight 16-bit groups of an IPv6 address that `isIP` accepted, an embedded IPv4 tail included. */
export function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("::") as [string, string | undefined]
  const parse = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [parseInt(group, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
  const before = parse(head)
  const after = tail === undefined ? [] : parse(tail)
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after]
}

/**
 * The key the rate limit counts a client under: an IPv4 address as it is
 * (also when written IPv4-mapped, `::ffff:10.3.3.3`), an IPv6 address by its
 * /64 network, which is what one household or server is given, so its
 * 2^64 addresses share one budget.
 * @param address a valid IP address (see `net.isIP`)
 */
export function rateLimitKey(address: string): string {
  const withoutZone = address.split("%")[0] ?? address
  if (isIP(withoutZone) !== 6) return withoutZone
  const groups = ipv6Groups(withoutZone.toLowerCase())
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
  if (mapped) return [groups[6] ?? 0, groups[7] ?? 0].flatMap((group) => [group >> 8, group & 0xff]).join(".")
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`
}

/**
 * The client's address: the last hop a trusted proxy appended to
 * X-Forwarded-For when it is a valid IP address, else the socket's own,
 * else "unknown". A forged or malformed header can thus never become an
 * address of its own.
 * @param forwarded the X-Forwarded-For header's value, from a Web request's Headers or from Node's own request
 */
export function clientAddress(
  forwarded: string | null | undefined,
  remoteAddress: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const lastHop = forwarded?.slice(forwarded.lastIndexOf(",") + 1).trim() ?? ""
    if (lastHop.length <= MAX_ADDRESS_LENGTH && isIP(lastHop.split("%")[0] ?? "")) return lastHop
  }
  return remoteAddress && remoteAddress.length <= MAX_ADDRESS_LENGTH && isIP(remoteAddress.split("%")[0] ?? "")
    ? remoteAddress
    : "unknown"
}

/**
 * The key a client is counted under: its address (see clientAddress) as
 * rateLimitKey counts it. What the rate limit counts, and what visitors
 * are told apart by (see visitorHash).
 */
export function clientKey(
  forwarded: string | null | undefined,
  remoteAddress: string | undefined,
  trustProxy: boolean,
): string {
  const address = clientAddress(forwarded, remoteAddress, trustProxy)
  return address === "unknown" ? address : rateLimitKey(address)
}

/** A request's client: its address as the audit log records it (null when unknown), and its key as the limits count it (IPv6 by its /64). */
export type Client = { ip: string | null; key: string }

declare global {
  namespace Express {
    interface Locals {
      /** The request's client, read once (see identifyClients). */
      client: Client
    }
  }
}

/** The client of an address (see clientAddress: a valid IP address or "unknown"). */
export const clientAt = (address: string): Client =>
  address === "unknown" ? { ip: null, key: "unknown" } : { ip: address, key: rateLimitKey(address) }

/** A request's client (see clientAddress), trusting X-Forwarded-For only with WAITLIST_TRUST_PROXY. */
export function clientOf(req: IncomingMessage, trustProxy: boolean): Client {
  const forwarded = req.headers["x-forwarded-for"]
  return clientAt(
    clientAddress(Array.isArray(forwarded) ? forwarded[0] : forwarded, req.socket.remoteAddress, trustProxy),
  )
}

/** The middleware that reads each request's client once, into `res.locals.client`. */
export const identifyClients =
  (trustProxy: boolean): RequestHandler =>
  (req, res, next) => {
    res.locals.client = clientOf(req, trustProxy)
    next()
  }
