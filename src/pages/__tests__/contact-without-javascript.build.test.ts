/**
 * @jest-environment node
 *
 * The contact page as a browser with JavaScript turned off reads it. (The
 * built HTML is parsed without scripting, which is how such a browser parses
 * <noscript>; Chromium driven by Playwright keeps parsing it as scripted.)
 */
import { siteFacts } from "../../config/site-facts"
import { readBuiltPage } from "../../../test/support/built-pages"
import { ensureProductionBuild } from "../../../test/support/production-build"

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

const contactPage = () => readBuiltPage({ route: "/contact", file: "contact/index.html" })

describe("the contact page without JavaScript", () => {
  it("says the form needs JavaScript and offers the support address instead", () => {
    const notice = contactPage().querySelector("main noscript p")
    expect(notice?.textContent).toBe(
      `Sending this form needs JavaScript, which is turned off in this browser. You can write to us at ${siteFacts.supportEmail} instead.`,
    )
    expect(notice?.querySelector("a")?.getAttribute("href")).toBe(`mailto:${siteFacts.supportEmail}`)
  })

  it("keeps 'Send' disabled, so the form never submits itself the browser's way (a GET with the entry in the address)", () => {
    const send = [...contactPage().querySelectorAll("form[aria-label='Contact us'] button")].find(
      (button) => button.textContent === "Send",
    )
    expect(send?.hasAttribute("disabled")).toBe(true)
  })
})
