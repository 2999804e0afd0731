/**
 * @jest-environment node
 */
import { siteFacts } from "../../config/site-facts"
import { legalBlocks } from "../legal-blocks"
import { parseLegalMarkdown, rawHtmlProblems } from "../render-markdown"

describe("parseLegalMarkdown", () => {
  it("reads headings, paragraphs and list items as the legal pages show them, with the tokens filled", () => {
    expect(legalBlocks(parseLegalMarkdown("## Contact\n\nWrite to {{supportEmail}}.\n\n- {{provider:errors}}\n", siteFacts))).toEqual([
      { kind: "heading", level: 2, text: "Contact" },
      { kind: "paragraph", text: `Write to ${siteFacts.supportEmail}.` },
      { kind: "item", level: 1, text: siteFacts.providers.errors.name },
    ])
  })

  it.each([
    ["a refresh to another site", '<meta http-equiv="refresh" content="4;url=https://elsewhere.example/">', '<meta http-equiv="refresh" content="4;ur…'],
    ["a style block", "<style>body { display: none }</style>", "<style>body { display: none }</style>"],
    ["an element inside a paragraph", 'Read <span style="position:fixed">this</span>.', '<span style="position:fixed">'],
    ["a comment", "<!-- hidden -->", "<!-- hidden -->"],
  ])("refuses raw HTML (%s), naming the file and the line of the file", (_, html, shown) => {
    const file = "content/legal/archive/privacy-policy/2025-05-25.md"
    // The body starts on line 6 of the file, after its frontmatter; the HTML is on its third line.
    expect(() => parseLegalMarkdown(`## Contact\n\n${html}\n`, siteFacts, file, 6)).toThrow(
      `${file}: line 8 holds raw HTML (\`${shown}\`): a legal text is Markdown only, so write it in Markdown or take it out`,
    )
  })

  it("finds the raw HTML of a whole file by the lines of the file, and none in Markdown that only looks like it", () => {
    const source = "---\ntitle: Privacy Policy\neffectiveDate: 2025-05-25\n---\n\n## Contact\n\n<div>x</div>\n"
    expect(rawHtmlProblems(source)).toEqual(["line 8 holds raw HTML (`<div>x</div>`): a legal text is Markdown only, so write it in Markdown or take it out"])
    expect(rawHtmlProblems("---\ntitle: T\n---\n\nWrite to <support@example.com> or see <https://example.com>, 3 < 4 and `<b>`.\n")).toEqual([])
  })

  it("stops with the file's name at an unknown token", () => {
    expect(() => parseLegalMarkdown("{{appNmae}}", siteFacts, "content/legal/archive/privacy-policy/2025-05-25.md")).toThrow(
      "content/legal/archive/privacy-policy/2025-05-25.md: unknown token {{appNmae}}",
    )
  })
})
