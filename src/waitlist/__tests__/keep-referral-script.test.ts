import { keepReferralScript } from "../keep-referral-script"
import { referralOfVisit } from "../referral-of-visit"

/** Opens an address of the site in this tab and runs the inline script as the page does. */
function visit(path: string) {
  window.history.replaceState({}, "", path)
  new Function(keepReferralScript)()
}

describe("the script that keeps a personal link's code for the visit", () => {
  beforeEach(() => window.sessionStorage.clear())

  it("keeps the code of the landing page's address, so the form finds it on a page whose address and referrer have none", () => {
    visit("/?ref=k3T9xQ2a&utm_source=personal-link")
    visit("/de")
    visit("/de/privacy-policy")
    window.history.replaceState({}, "", "/de/contact")
    expect(referralOfVisit(window)).toBe("k3T9xQ2a")
    expect(document.cookie).toBe("")
  })

  it("keeps the code of a later personal link in place of the first", () => {
    visit("/?ref=k3T9xQ2a")
    visit("/es?utm_source=x&ref=Zx81Qa7p")
    expect(window.sessionStorage.getItem("referral")).toBe("Zx81Qa7p")
  })

  it("keeps nothing for an address without a code or with anything that is no code", () => {
    for (const path of [
      "/",
      "/?reference=k3T9xQ2a",
      "/?ref=k3T9xQ2",
      "/?ref=k3T9xQ2a9",
      "/?ref=%3Cscript%3E",
      "/?ref=",
    ]) {
      visit(path)
      expect(window.sessionStorage.getItem("referral")).toBeNull()
    }
  })

  it("leaves the page working when the browser refuses storage", () => {
    const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("refused", "SecurityError")
    })
    try {
      expect(() => visit("/?ref=k3T9xQ2a")).not.toThrow()
    } finally {
      setItem.mockRestore()
    }
  })
})
