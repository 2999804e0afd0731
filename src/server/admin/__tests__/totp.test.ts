/**
 * @jest-environment node
 */
import { generate } from "otplib"
import { acceptedStep, isTotpCode, newTotpSecret, totpUri } from "../totp"

/** RFC 6238's SHA-1 test key ("12345678901234567890"), base32, and its codes (Appendix B, the last six digits). */
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
const at = (seconds: number) => new Date(seconds * 1000)

describe("an authenticator's code", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1234567890, "005924"],
    [2000000000, "279037"],
  ])("at %i s is RFC 6238's %s", async (seconds, code) => {
    expect(await acceptedStep(code, RFC_SECRET, at(seconds), null)).toBe(Math.floor(seconds / 30))
  })

  it("is taken a step early or late, never two", async () => {
    const secret = newTotpSecret()
    const now = at(1_800_000_000)
    for (const [offset, taken] of [
      [-60, false],
      [-30, true],
      [0, true],
      [30, true],
      [60, false],
    ] as const) {
      const code = await generate({ secret, epoch: 1_800_000_000 + offset })
      expect({ offset, taken: (await acceptedStep(code, secret, now, null)) !== null }).toEqual({ offset, taken })
    }
  })

  it("is never taken twice, nor one of a step before the last one used", async () => {
    const secret = newTotpSecret()
    const now = at(1_800_000_000)
    const code = await generate({ secret, epoch: 1_800_000_000 })
    const step = await acceptedStep(code, secret, now, null)
    expect(step).toBe(60_000_000)
    expect(await acceptedStep(code, secret, now, step)).toBeNull()
    expect(await acceptedStep(await generate({ secret, epoch: 1_800_000_000 - 30 }), secret, now, step)).toBeNull()
  })

  it("is never taken without a secret, and only as six digits", async () => {
    expect(await acceptedStep("123456", null, at(1_800_000_000), null)).toBeNull()
    expect(["123456", "12345", "1234567", "12345a", " 123456"].map(isTotpCode)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ])
  })
})

describe("an authenticator's enrolment", () => {
  it("gets a new 160-bit base32 secret each time, and an otpauth:// URI naming the site and the account", () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(newTotpSecret()).not.toBe(secret)
    expect(totpUri(secret, "ana@example.com")).toBe(
      `otpauth://totp/Storyling%20admin:ana%40example.com?secret=${secret}&issuer=Storyling%20admin`,
    )
  })
})
