/**
 * The networks a client's address belongs to, each a key that other
 * clients of the same network share: what a rule counts "from one network"
 * by. An address is one household or server as the rate limit counts it
 * (the `client`: an IPv4 address, an IPv6 /64); a home is often given an
 * IPv6 /56 and a business a /48; a provider's IPv4 customers share /24s.
 */
import { isIP } from "net"
import { ipv6Groups, rateLimitKey, type Client } from "./client-address"

/** The prefixes a client's networks are keyed by. */
export type NetworkPrefix = "client" | "ipv4/24" | "ipv6/56" | "ipv6/48"

/** One network of a client: its prefix, and the network as text (`2001:db8:12::/48`). */
export type ClientNetwork = { prefix: NetworkPrefix; network: string }

/** An IPv6 address's first `bits` (a multiple of 8), as the network they name. */
function ipv6Network(groups: number[], bits: 48 | 56): string {
  const kept = groups.slice(0, Math.ceil(bits / 16)).map((group, i) => (i * 16 + 16 > bits ? group & 0xff00 : group))
  return `${kept.map((group) => group.toString(16)).join(":")}::/${bits}`
}

/**
 * Every network of a client, narrowest first: its own key (see
 * rateLimitKey), then its IPv4 /24, or its IPv6 /56 and /48. A client whose
 * address is unknown is one network of its own.
 */
export function networksOf(client: Client): ClientNetwork[] {
  const own: ClientNetwork = { prefix: "client", network: client.key }
  if (client.ip === null) return [own]
  if (!client.key.endsWith("/64")) {
    const octets = client.key.split(".")
    return octets.length === 4 ? [own, { prefix: "ipv4/24", network: `${octets.slice(0, 3).join(".")}.0/24` }] : [own]
  }
  const address = client.ip.split("%")[0] ?? client.ip
  if (isIP(address) !== 6 || rateLimitKey(address) !== client.key) return [own]
  const groups = ipv6Groups(address.toLowerCase())
  return [
    own,
    { prefix: "ipv6/56", network: ipv6Network(groups, 56) },
    { prefix: "ipv6/48", network: ipv6Network(groups, 48) },
  ]
}
