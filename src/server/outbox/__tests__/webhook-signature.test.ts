import { createHmac } from "crypto"
import fc from "fast-check"
import { signWebhook, verifyWebhook } from "../webhook-signature"

const secret = "whsec-0123456789abcdef"
const body = '{"type":"waitlist.submitted"}'

describe("signWebhook", () => {
  it("signs the time and the body with HMAC-SHA256, as a receiver recomputes it", () => {
    const mac = createHmac("sha256", secret).update(`1767225600.${body}`).digest("hex")
    expect(signWebhook(secret, body, 1767225600)).toBe(`t=1767225600,v1=${mac}`)
  })

  it("is verified for the same body within five minutes, and refused when replayed later, altered or signed with another secret", () => {
    const header = signWebhook(secret, body, 1000)
    expect(verifyWebhook(secret, body, header, 1200)).toBe(true)
    expect(verifyWebhook(secret, body, header, 1301)).toBe(false)
    expect(verifyWebhook(secret, body.replace("submitted", "confirmed"), header, 1000)).toBe(false)
    expect(verifyWebhook("another-secret-of-16", body, header, 1000)).toBe(false)
    expect(verifyWebhook(secret, body, "garbage", 1000)).toBe(false)
  })

  it("returns false, never throws, for a missing header or one not in the exact form it is signed in", () => {
    const header = signWebhook(secret, body, 1000)
    const mac = header.slice(header.indexOf("v1=") + 3)
    for (const given of [
      undefined,
      null,
      "",
      [header, header],
      "t=1000",
      `v1=${mac}`,
      `v1=${mac},t=1000`,
      ` ${header}`,
      `${header} `,
      `${header},v1=${mac}`,
      `t=1000,v1=${mac},v0=00`,
      `t=1e3,v1=${mac}`,
      `t=+1000,v1=${mac}`,
      `t=1000.0,v1=${mac}`,
      `t=1000,v1=${mac.toUpperCase()}`,
      `t=1000,v1=${mac.slice(0, 62)}`,
      `t=1000,v1=${mac}00`,
      `t=1000;v1=${mac}`,
      `T=1000,V1=${mac}`,
    ]) {
      expect([given, verifyWebhook(secret, body, given, 1000)]).toEqual([given, false])
    }
  })

  it("returns a boolean for any header at all", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        (given) => typeof verifyWebhook(secret, body, given, 1000) === "boolean",
      ),
    )
  })
})
