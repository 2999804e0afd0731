/**
 * @jest-environment node
 */
import { siteFacts } from "../../config/site-facts"
import { legalBlocks } from "../legal-blocks"
import { parseLegalMarkdown, markdownProblems } from "../render-markdown"

describe("parseLegalMarkdown", () => {
  it("reads headings, paragraphs and list items as the legal pages show them, with the tokens filled", () => {
    expect(
      legalBlocks(parseLegalMarkdown("## Contact\n\nWrite to {{supportEmail}}.\n\n- {{provider:errors}}\n", siteFacts)),
    ).toEqual([
      { kind: "heading", level: 2, text: "Contact" },
      { kind: "paragraph", text: `Write to ${siteFacts.supportEmail}.` },
      { kind: "item", level: 1, text: siteFacts.providers.errors.name },
    ])
  })

  it.each([
    [
      "a refresh to another site",
      '<meta http-equiv="refresh" content="4;url=https://elsewhere.example/">',
      '<meta http-equiv="refresh" content="4;ur…',
    ],
    ["a style block", "<style>body { display: none }</style>", "<style>body { display: none }</style>"],
    [
      "an element inside a paragraph",
      'Read <span style="position:fixed">this</span>.',
      '<span style="position:fixed">',
    ],
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
    expect(markdownProblems(source)).toEqual([
      {
        line: 8,
        column: 1,
        message:
          "line 8 holds raw HTML (`<div>x</div>`): a legal text is Markdown only, so write it in Markdown or take it out",
      },
    ])
    expect(
      markdownProblems(
        "---\ntitle: T\n---\n\nWrite to <support@example.com> or see <https://example.com>, 3 < 4 and `<b>`.\n",
      ),
    ).toEqual([])
  })

  it.each([
    ["a script link", "[Read more](javascript:alert(1))", "line 8 links to `javascript:alert(1)`"],
    [
      "a data link",
      "[Read more](data:text/html;base64,PHNjcmlwdD4=)",
      "line 8 links to `data:text/html;base64,PHNjcmlwdD4=`",
    ],
    [
      "a plain http link",
      "See [our terms](http://storyling.app/terms).",
      "line 8 links to `http://storyling.app/terms`",
    ],
    ["a protocol-relative link", "[x](//elsewhere.example/)", "line 8 links to `//elsewhere.example/`"],
    ["a link by reference", "[x][1]\n\n[1]: vbscript:msgbox", "line 10 links to `vbscript:msgbox`"],
    ["an outside image", "![](https://tracker.example/pixel.gif)", "line 8 holds an image: a legal text has none"],
    [
      "an image by reference",
      "![logo][l]\n\n[l]: https://tracker.example/l.png",
      "line 8 holds an image: a legal text has none",
    ],
  ])("refuses %s, naming the line of the file, in the content check and in the renderer", (_, markdown, message) => {
    const source = `---\ntitle: Privacy Policy\neffectiveDate: 2025-05-25\n---\n\n## Contact\n\n${markdown}\n`
    const line = Number(/^line (\d+)/.exec(message)?.[1])
    expect(markdownProblems(source)).toEqual([
      expect.objectContaining({ line, message: expect.stringContaining(message) }),
    ])
    expect(() =>
      parseLegalMarkdown(`## Contact\n\n${markdown}\n`, siteFacts, "content/legal/privacy-policy.md", 6),
    ).toThrow(`content/legal/privacy-policy.md: ${message}`)
  })

  it("takes links to https:// and mailto: addresses, the site's pages and places on the page", () => {
    const links =
      "[a](https://storyling.app/) [b](mailto:support@example.com) [c](/terms-and-conditions) [d](/es/privacy-policy) [e](#contact) <https://example.com>"
    expect(markdownProblems(`---\ntitle: T\n---\n\n${links}\n`)).toEqual([])
  })

  it("stops with the file's name at an unknown token", () => {
    expect(() =>
      parseLegalMarkdown("{{appNmae}}", siteFacts, "content/legal/archive/privacy-policy/2025-05-25.md"),
    ).toThrow("content/legal/archive/privacy-policy/2025-05-25.md: unknown token {{appNmae}}")
  })
})
