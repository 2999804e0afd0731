/**
 * Reads a legal text's Markdown the way the site's pages read it, for the
 * changes pages, which compare versions block by block, and for the check
 * that a text is Markdown without raw HTML.
 *
 * remark 13, remark-gfm and remark-footnotes are declared in package.json
 * at exactly the versions gatsby-transformer-remark uses, with its options
 * (gfm, inline footnotes), so a version reads here as its page shows it.
 * Legal texts are Markdown without raw HTML: a text holding some is
 * refused here, as the content checks refuse it before the build
 * (rawHtmlProblems). When gatsby-transformer-remark moves to other
 * versions, move these with it.
 */
import type { Root } from "mdast"
import type { Node, Parent } from "unist"
import remark from "remark"
import remarkFootnotes from "remark-footnotes"
import remarkGfm from "remark-gfm"
import type { SiteFacts } from "../config/site-facts"
import { splitLegalSource } from "./legal-text"

type Facts = Pick<SiteFacts, "appName" | "companyName" | "supportEmail" | "providers">
type FillSiteFacts = (api: { markdownAST: Root; markdownNode: { fileAbsolutePath?: string } }, options: { facts: Facts }) => Root

// The site's own remark plugin, plain JavaScript as gatsby-transformer-remark requires it.
const fillSiteFacts = require("../../plugins/gatsby-remark-site-facts") as FillSiteFacts

const processor = remark().use(remarkGfm).use(remarkFootnotes, { inlineNotes: true })

/** A piece of raw HTML in a Markdown text: the line of its file it starts on, and what it starts with. */
type RawHtml = { line: number; column: number; html: string }

/** The raw HTML of a Markdown tree (block or inline, comments too), with the lines of its file, body starting at `firstLine`. */
function rawHtmlIn(tree: Root, firstLine: number): RawHtml[] {
  const found: RawHtml[] = []
  const stack: Node[] = [tree]
  for (let node = stack.pop(); node; node = stack.pop()) {
    const start = node.position?.start ?? { line: 1, column: 1 }
    if (node.type === "html") found.push({ line: start.line + firstLine - 1, column: start.column, html: String((node as Node & { value?: unknown }).value ?? "") })
    if ("children" in node) stack.push(...(node as Parent).children)
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column)
}

/** What is wrong with a piece of raw HTML, as the content checks and the renderer say it. */
function describeRawHtml({ line, html }: RawHtml): string {
  const first = html.split("\n")[0] ?? ""
  const shown = Array.from(first).length > 40 ? `${Array.from(first).slice(0, 40).join("")}…` : first
  return `line ${line} holds raw HTML (\`${shown}\`): a legal text is Markdown only, so write it in Markdown or take it out`
}

/**
 * The problems of a legal text's file (frontmatter and body) that hold raw
 * HTML, one for each piece, naming the line of the file: an empty list
 * when the text is Markdown only.
 */
export function rawHtmlProblems(source: string): string[] {
  const { body, bodyLine } = splitLegalSource(source)
  return rawHtmlIn(processor.parse(body) as Root, bodyLine).map(describeRawHtml)
}

/**
 * A Markdown body as its syntax tree, with the `{{tokens}}` filled from the
 * site's facts as on the site. Throws, naming `file`, for an unknown token
 * or raw HTML (on the line of the file, the body starting at `firstLine`).
 * @param file the file's path, for the messages
 */
export function parseLegalMarkdown(body: string, facts: Facts, file?: string, firstLine = 1): Root {
  const tree = processor.runSync(processor.parse(body)) as Root
  const [html] = rawHtmlIn(tree, firstLine)
  if (html) throw new Error(`${file ?? "a legal text"}: ${describeRawHtml(html)}`)
  return fillSiteFacts({ markdownAST: tree, markdownNode: { fileAbsolutePath: file } }, { facts })
}
