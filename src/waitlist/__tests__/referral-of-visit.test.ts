import { gatherMetadata } from "../gather-metadata"
import { referralOfVisit } from "../referral-of-visit"

/** A window at an address of the site, come from a page (or none), with the tab's own storage. */
function windowAt(href: string, referrer = ""): Window {
  const location = new URL(href)
  return {
    location: { href: location.href, origin: location.origin },
    document: { referrer },
    sessionStorage: window.sessionStorage,
  } as unknown as Window
}

describe("the personal code of a visit", () => {
  beforeEach(() => window.sessionStorage.clear())

  it("comes from the landing page a personal link led to, and is kept for the rest of the visit, in no cookie", () => {
    expect(
      referralOfVisit(windowAt("http://localhost/contact", "http://localhost/?ref=k3T9xQ2a&utm_source=personal-link")),
    ).toBe("k3T9xQ2a")
    expect(referralOfVisit(windowAt("http://localhost/es/contact", "http://localhost/privacy-policy"))).toBe("k3T9xQ2a")
    expect(document.cookie).toBe("")
  })

  it("is read from the form page's own address too", () => {
    expect(referralOfVisit(windowAt("http://localhost/contact?ref=Zx81Qa7p"))).toBe("Zx81Qa7p")
  })

  it("is null without a personal link, for another site's page, and for anything that is no code", () => {
    expect(referralOfVisit(windowAt("http://localhost/contact"))).toBeNull()
    expect(referralOfVisit(windowAt("http://localhost/contact", "https://elsewhere.example/?ref=k3T9xQ2a"))).toBeNull()
    expect(referralOfVisit(windowAt("http://localhost/contact?ref=<script>"))).toBeNull()
  })

  it("is sent in the metadata the form gathers", () => {
    window.sessionStorage.setItem("referral", "k3T9xQ2a")
    expect(gatherMetadata().referral).toBe("k3T9xQ2a")
  })
})
