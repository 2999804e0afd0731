/**
 * @jest-environment node
 */
import { siteFacts } from "../../config/site-facts"
import { rawHtmlProblems, renderLegalHtml } from "../render-markdown"

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

  it.each([
    ["a refresh to another site", '<meta http-equiv="refresh" content="4;url=https://elsewhere.example/">', '<meta http-equiv="refresh" content="4;ur…'],
    ["a style block", "<style>body { display: none }</style>", "<style>body { display: none }</style>"],
    ["an element inside a paragraph", 'Read <span style="position:fixed">this</span>.', '<span style="position:fixed">'],
    ["a comment", "<!-- hidden -->", "<!-- hidden -->"],
  ])("refuses raw HTML (%s), naming the file and the line of the file", (_, html, shown) => {
    const file = "content/legal/archive/privacy-policy/2025-05-25.md"
    // The body starts on line 6 of the file, after its frontmatter; the HTML is on its third line.
    expect(() => renderLegalHtml(`## Contact\n\n${html}\n`, siteFacts, file, 6)).toThrow(
      `${file}: line 8 holds raw HTML (\`${shown}\`): a legal text is Markdown only, so write it in Markdown or take it out`,
    )
  })

  it("finds the raw HTML of a whole file by the lines of the file, and none in Markdown that only looks like it", () => {
    const source = "---\ntitle: Privacy Policy\neffectiveDate: 2025-05-25\n---\n\n## Contact\n\n<div>x</div>\n"
    expect(rawHtmlProblems(source)).toEqual(["line 8 holds raw HTML (`<div>x</div>`): a legal text is Markdown only, so write it in Markdown or take it out"])
    expect(rawHtmlProblems("---\ntitle: T\n---\n\nWrite to <support@example.com> or see <https://example.com>, 3 < 4 and `<b>`.\n")).toEqual([])
  })

  it("stops with the file's name at an unknown token", () => {
    expect(() => renderLegalHtml("{{appNmae}}", siteFacts, "content/legal/archive/privacy-policy/2025-05-25.md")).toThrow(
      "content/legal/archive/privacy-policy/2025-05-25.md: unknown token {{appNmae}}",
    )
  })
})
