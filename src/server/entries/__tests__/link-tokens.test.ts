import { isLinkToken, KEY_TIME_CHARS, linkTokenKey, newLinkToken } from "../link-tokens"

describe("link tokens", () => {
  it("are URL-safe, distinct, and begin with the time they were made", () => {
    const tokens = Array.from({ length: 200 }, () => newLinkToken(Date.parse("2026-11-23T10:00:00.000Z")))
    expect(new Set(tokens).size).toBe(200)
    for (const token of tokens) expect(isLinkToken(token)).toBe(true)
    expect(Buffer.from(tokens[0]!, "base64url").readUIntBE(0, 6)).toBe(Date.parse("2026-11-23T10:00:00.000Z"))
  })

  it("are kept as keys that sort by time and hold no more of the token than its hash", () => {
    const earlier = linkTokenKey(newLinkToken(1_000_000))
    const later = linkTokenKey(newLinkToken(1_000_001))
    expect(earlier < later).toBe(true)
    expect(earlier).toMatch(new RegExp(`^[0-9a-f]{${KEY_TIME_CHARS + 64}}$`))
    const token = newLinkToken()
    expect(linkTokenKey(token)).not.toContain(Buffer.from(token, "base64url").toString("hex", 6))
  })
})
