import { clientKey, rateLimitKey } from "../client-address"

const SOCKET = "10.0.0.5"

describe("clientKey", () => {
  it("is the socket's address when the proxy is not trusted, whatever X-Forwarded-For says", () => {
    expect(clientKey("203.0.113.9", SOCKET, false)).toBe(SOCKET)
  })

  it("is the address the trusted proxy appended last to X-Forwarded-For", () => {
    expect(clientKey("198.51.100.1, 203.0.113.9", SOCKET, true)).toBe("203.0.113.9")
    expect(clientKey("203.0.113.9", SOCKET, true)).toBe("203.0.113.9")
  })

  it.each([
    ["no header", undefined],
    ["an empty header", " "],
    ["a word", "garbage"],
    ["a 4 KB string", "x".repeat(4096)],
    ["an address with a port", "203.0.113.9:443"],
    ["a list ending in a comma", "203.0.113.9,"],
  ])("counts the socket's address when a trusted proxy sent %s", (_, header) => {
    expect(clientKey(header, SOCKET, true)).toBe(SOCKET)
  })

  it("counts an IPv4-mapped IPv6 address as the IPv4 address, from the header and from the socket", () => {
    expect(clientKey("::ffff:10.3.3.3", SOCKET, true)).toBe("10.3.3.3")
    expect(clientKey("::FFFF:0a03:0303", SOCKET, true)).toBe("10.3.3.3")
    expect(clientKey(undefined, "::ffff:127.0.0.1", false)).toBe("127.0.0.1")
  })

  it("is 'unknown' when there is no address at all", () => {
    expect(clientKey(undefined, undefined, false)).toBe("unknown")
  })
})

describe("rateLimitKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(rateLimitKey("203.0.113.9")).toBe("203.0.113.9")
  })

  it("gives every IPv6 address of one /64 the same key, however it is written", () => {
    const keys = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0:0:0:7",
      "2001:db8:1:2::1%eth0",
    ].map(rateLimitKey)
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]))
  })

  it("gives neighbouring /64 networks different keys", () => {
    expect(rateLimitKey("2001:db8:1:3::1")).not.toBe(rateLimitKey("2001:db8:1:2::1"))
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64")
  })
})
