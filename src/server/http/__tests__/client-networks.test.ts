import { clientOf } from "../client-address"
import { networksOf } from "../client-networks"

const clientAt = (remoteAddress: string) =>
  clientOf({ headers: {}, socket: { remoteAddress } } as unknown as Parameters<typeof clientOf>[0], false)

describe("networksOf", () => {
  it("keys an IPv6 client by its /64, /56 and /48", () => {
    expect(networksOf(clientAt("2001:db8:12:3456:789a::1"))).toEqual([
      { prefix: "client", network: "2001:db8:12:3456::/64" },
      { prefix: "ipv6/56", network: "2001:db8:12:3400::/56" },
      { prefix: "ipv6/48", network: "2001:db8:12::/48" },
    ])
  })

  it("gives the five /64s of one /48 one /48, and the /64s of one /56 one /56", () => {
    const clients = ["2001:db8:12:1::9", "2001:db8:12:2::9", "2001:db8:12:ff::9", "2001:db8:12:ff00::9"].map(clientAt)
    const keyed = clients.map(networksOf)
    expect(new Set(keyed.map((networks) => networks[0]?.network)).size).toBe(4)
    expect(new Set(keyed.map((networks) => networks[2]?.network))).toEqual(new Set(["2001:db8:12::/48"]))
    expect(new Set(keyed.slice(0, 3).map((networks) => networks[1]?.network))).toEqual(new Set(["2001:db8:12:0::/56"]))
    expect(keyed[3]?.[1]?.network).toBe("2001:db8:12:ff00::/56")
  })

  it("keys an IPv4 client, written plain or IPv4-mapped, by its address and its /24", () => {
    const expected = [
      { prefix: "client", network: "198.51.100.7" },
      { prefix: "ipv4/24", network: "198.51.100.0/24" },
    ]
    expect(networksOf(clientAt("198.51.100.7"))).toEqual(expected)
    expect(networksOf(clientAt("::ffff:198.51.100.7"))).toEqual(expected)
  })

  it("keys a client of unknown address as one network of its own", () => {
    expect(networksOf({ ip: null, key: "unknown" })).toEqual([{ prefix: "client", network: "unknown" }])
  })
})
