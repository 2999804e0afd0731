import { siteFacts } from "../../config/site-facts"
import { fillSiteFacts, UnknownTokenError } from "../fill-site-facts"

describe("fillSiteFacts", () => {
  it("fills the app and company names as text", () => {
    expect(fillSiteFacts("<p>{{companyName}} makes {{appName}}.</p>", siteFacts)).toBe(
      `<p>${siteFacts.companyName} makes ${siteFacts.appName}.</p>`,
    )
  })

  it("makes the support address a mailto link", () => {
    expect(fillSiteFacts("<p>Write to {{supportEmail}}.</p>", siteFacts)).toBe(
      `<p>Write to <a href="mailto:${siteFacts.supportEmail}">${siteFacts.supportEmail}</a>.</p>`,
    )
  })

  it("links each provider's privacy policy and terms by its name", () => {
    const { billing } = siteFacts.providers
    expect(fillSiteFacts("{{provider:billing}}", siteFacts)).toBe(`<a href="${billing.privacyUrl}">${billing.name}</a>`)
    expect(fillSiteFacts("{{terms:billing}}", siteFacts)).toBe(`<a href="${billing.termsUrl}">${billing.name}</a>`)
  })

  it("escapes the facts it writes into HTML", () => {
    const facts = { ...siteFacts, companyName: "Tom & Jerry <Labs>" }
    expect(fillSiteFacts("{{companyName}}", facts)).toBe("Tom &amp; Jerry &lt;Labs&gt;")
  })

  it.each(["{{nope}}", "{{provider:nope}}", "{{provider:toString}}", "{{appName:store}}"])(
    "refuses the unknown token %s",
    (token) => {
      expect(() => fillSiteFacts(`<p>${token}</p>`, siteFacts)).toThrow(UnknownTokenError)
    },
  )
})
