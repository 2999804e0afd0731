import { createHmac } from "crypto"
import { signWebhook, verifyWebhook } from "../sign-webhook"

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
})
