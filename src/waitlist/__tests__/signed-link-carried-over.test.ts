import { signedLinkCarriedOver } from "../read-place"

const ORIGIN = "https://storyling.example.com"
const SIGNED = "?code=k3T9xQ2a&sig=0123456789abcdef0123456789abcdef"
const here = (search = "") => ({ search, origin: ORIGIN })

describe("signedLinkCarriedOver", () => {
  it.each([
    `${ORIGIN}/waitlist/place${SIGNED}`,
    `${ORIGIN}/es/waitlist/place/${SIGNED}`,
    `${ORIGIN}/ja/waitlist/place${SIGNED}#x`,
  ])("takes the signed link of the place page the visitor came from: %s", (referrer) => {
    expect(signedLinkCarriedOver(here(), referrer)).toBe(SIGNED)
  })

  it("keeps only the signed link's own parameters", () => {
    expect(signedLinkCarriedOver(here(), `${ORIGIN}/waitlist/place${SIGNED}&utm_source=x`)).toBe(SIGNED)
  })

  it("leaves a page whose own address has its signed link alone", () => {
    expect(signedLinkCarriedOver(here("?code=own&sig=own"), `${ORIGIN}/waitlist/place${SIGNED}`)).toBeNull()
  })

  it.each([
    ["another site's place page", `https://elsewhere.example/waitlist/place${SIGNED}`],
    ["another page of the site", `${ORIGIN}/contact${SIGNED}`],
    ["a place page without its signature", `${ORIGIN}/waitlist/place?code=k3T9xQ2a`],
    ["no page before", ""],
    ["an address that is no URL", "not a url"],
  ])("takes nothing from %s", (_case, referrer) => {
    expect(signedLinkCarriedOver(here(), referrer)).toBeNull()
  })
})
