/**
 * @jest-environment node
 */
import { siteFacts } from "../../config/site-facts"
import { renderLegalHtml } from "../render-markdown"

describe("renderLegalHtml", () => {
  it("renders headings, lists and links as the legal pages do, with the tokens filled", () => {
    expect(renderLegalHtml("## Contact\n\nWrite to {{supportEmail}}.\n\n- {{provider:errors}}\n", siteFacts)).toBe(
      [
        "<h2>Contact</h2>",
        `<p>Write to <a href="mailto:${siteFacts.supportEmail}">${siteFacts.supportEmail}</a>.</p>`,
        "<ul>",
        `<li><a href="${siteFacts.providers.errors.privacyUrl}">${siteFacts.providers.errors.name}</a></li>`,
        "</ul>",
      ].join("\n"),
    )
  })

  it("escapes text that looks like markup after filling", () => {
    expect(renderLegalHtml("{{companyName}} <3", { ...siteFacts, companyName: "A & <B>" })).toBe("<p>A &#x26; &#x3C;B> &#x3C;3</p>")
  })

  it("stops with the file's name at an unknown token", () => {
    expect(() => renderLegalHtml("{{appNmae}}", siteFacts, "content/legal/archive/privacy-policy/2025-05-25.md")).toThrow(
      "content/legal/archive/privacy-policy/2025-05-25.md: unknown token {{appNmae}}",
    )
  })
})
