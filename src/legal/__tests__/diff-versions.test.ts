/**
 * @jest-environment node
 */
import { siteFacts } from "../../config/site-facts"
import { changedSections, diffLegalBlocks } from "../diff-versions"
import { legalBlocks } from "../legal-blocks"
import { parseLegalMarkdown } from "../render-markdown"

const blocks = (markdown: string) => legalBlocks(parseLegalMarkdown(markdown, siteFacts))
const diff = (before: string, after: string) => diffLegalBlocks(blocks(before), blocks(after))

const BASE = `## Data we collect

{{appName}} records the screens you open.

We keep it for a year.

## Sharing

- with {{provider:errors}};
- with the law.
`

describe("diffLegalBlocks", () => {
  it("marks words inserted and deleted inside a paragraph, with the tokens filled", () => {
    const after = BASE.replace("We keep it for a year.", "We keep it for two years at most.")
    expect(diff(BASE, after)).toEqual([
      { kind: "heading", level: 2, parts: [{ text: "Data we collect" }] },
      { kind: "paragraph", parts: [{ text: "Storyling records the screens you open." }] },
      {
        kind: "paragraph",
        parts: [
          { text: "We keep it for " },
          { text: "a year", change: "removed" },
          { text: "two years at most", change: "added" },
          { text: "." },
        ],
      },
      { kind: "heading", level: 2, parts: [{ text: "Sharing" }] },
      { kind: "item", level: 1, parts: [{ text: "with Sentry;" }] },
      { kind: "item", level: 1, parts: [{ text: "with the law." }] },
    ])
  })

  it("shows a new list item as inserted and a dropped one as deleted", () => {
    const after = BASE.replace("- with the law.", "- with our bank;\n- with the law.").replace(
      "- with {{provider:errors}};\n",
      "",
    )
    expect(changedSections(diff(BASE, after))).toEqual([
      { kind: "heading", level: 2, parts: [{ text: "Sharing" }] },
      { kind: "item", level: 1, change: "removed", parts: [{ text: "with Sentry;", change: "removed" }] },
      { kind: "item", level: 1, change: "added", parts: [{ text: "with our bank;", change: "added" }] },
    ])
  })

  it("shows a moved paragraph as deleted at its old place and inserted at its new one", () => {
    const after = BASE.replace("We keep it for a year.\n\n", "").replace(
      "## Sharing\n",
      "## Sharing\n\nWe keep it for a year.\n",
    )
    expect(changedSections(diff(BASE, after))).toEqual([
      { kind: "heading", level: 2, parts: [{ text: "Data we collect" }] },
      { kind: "paragraph", change: "removed", parts: [{ text: "We keep it for a year.", change: "removed" }] },
      { kind: "heading", level: 2, parts: [{ text: "Sharing" }] },
      { kind: "paragraph", change: "added", parts: [{ text: "We keep it for a year.", change: "added" }] },
    ])
  })

  it("shows a renamed heading's change inside the heading", () => {
    const after = BASE.replace("## Sharing", "## Sharing with others")
    expect(changedSections(diff(BASE, after))).toEqual([
      { kind: "heading", level: 2, parts: [{ text: "Sharing " }, { text: "with others", change: "added" }] },
    ])
  })

  it("keeps a paragraph rewritten from scratch apart: the old one deleted, the new one inserted", () => {
    const after = BASE.replace("We keep it for a year.", "Nothing leaves your phone without your consent.")
    expect(changedSections(diff(BASE, after))).toEqual([
      { kind: "heading", level: 2, parts: [{ text: "Data we collect" }] },
      { kind: "paragraph", change: "removed", parts: [{ text: "We keep it for a year.", change: "removed" }] },
      {
        kind: "paragraph",
        change: "added",
        parts: [{ text: "Nothing leaves your phone without your consent.", change: "added" }],
      },
    ])
  })

  it("finds no change between a version and itself", () => {
    expect(changedSections(diff(BASE, BASE))).toEqual([])
  })
})
