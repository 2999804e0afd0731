/**
 * Reads a legal text's Markdown the way the site's pages read it, for the
 * changes pages, which compare versions block by block, and for the check
 * that a text is Markdown within the rules below.
 *
 * remark 13, remark-gfm and remark-footnotes are declared in package.json
 * at exactly the versions gatsby-transformer-remark uses, with its options
 * (gfm, inline footnotes), so a version reads here as its page shows it.
 * Legal texts are Markdown without raw HTML and images, linking only to
 * `https:` and `mailto:` addresses and the site's own pages: a text
 * breaking that is refused here, as the content checks refuse it before
 * the build (markdownProblems). When gatsby-transformer-remark moves to
 * other versions, move these with it.
 */
import type { Root } from "mdast"
import type { Node, Parent } from "unist"
import remark from "remark"
import remarkFootnotes from "remark-footnotes"
import remarkGfm from "remark-gfm"
import type { SiteFacts } from "../config/site-facts"
import { splitLegalSource } from "./legal-text"

type Facts = Pick<SiteFacts, "appName" | "companyName" | "supportEmail" | "postalAddress" | "providers">
type FillSiteFacts = (
  api: { markdownAST: Root; markdownNode: { fileAbsolutePath?: string } },
  options: { facts: Facts },
) => Root

// The site's own remark plugin, plain JavaScript as gatsby-transformer-remark requires it.
const fillSiteFacts = require("../../plugins/gatsby-remark-site-facts") as FillSiteFacts

const processor = remark().use(remarkGfm).use(remarkFootnotes, { inlineNotes: true })

/** What a legal text may not hold: the line of its file it starts on, and what is wrong. */
export type MarkdownProblem = { line: number; column: number; message: string }

/** A link a legal text may hold: an `https:` or `mailto:` address, a page of the site, or a place on the page. */
const ALLOWED_LINK = /^(https:\/\/[^\s/]|mailto:[^\s]|\/(?!\/)|#)/i

/** The first line of a piece of source, cut to 40 characters, as a message shows it. */
const shown = (text: string) => {
  const first = text.split("\n")[0] ?? ""
  return Array.from(first).length > 40 ? `${Array.from(first).slice(0, 40).join("")}…` : first
}

/** What is wrong with one node of a legal text's tree, if anything: raw HTML (comments too), an image, a link elsewhere. */
function problemOf(node: Node, line: number): string | null {
  if (node.type === "html")
    return `line ${line} holds raw HTML (\`${shown(String((node as Node & { value?: unknown }).value ?? ""))}\`): a legal text is Markdown only, so write it in Markdown or take it out`
  if (node.type === "image" || node.type === "imageReference")
    return `line ${line} holds an image: a legal text has none, so take it out`
  const url =
    node.type === "link" || node.type === "definition" ? String((node as Node & { url?: unknown }).url ?? "") : null
  if (url !== null && !ALLOWED_LINK.test(url.trim()))
    return `line ${line} links to \`${shown(url)}\`: a legal text links only to https:// and mailto: addresses and to the site's own pages, such as /privacy-policy`
  return null
}

/** What a legal text's tree may not hold, with the lines of its file, body starting at `firstLine`. */
function problemsIn(tree: Root, firstLine: number): MarkdownProblem[] {
  const found: MarkdownProblem[] = []
  const stack: Node[] = [tree]
  for (let node = stack.pop(); node; node = stack.pop()) {
    const start = node.position?.start ?? { line: 1, column: 1 }
    const message = problemOf(node, start.line + firstLine - 1)
    if (message) found.push({ line: start.line + firstLine - 1, column: start.column, message })
    if ("children" in node) stack.push(...(node as Parent).children)
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column)
}

/**
 * The problems of a legal text's file (frontmatter and body): raw HTML,
 * images and links anywhere but https:, mailto: and the site's pages, one
 * for each, with the line of the file it is on (which its message names
 * too); an empty list when all is well.
 */
export function markdownProblems(source: string): MarkdownProblem[] {
  const { body, bodyLine } = splitLegalSource(source)
  return problemsIn(processor.parse(body) as Root, bodyLine)
}

/**
 * A Markdown body as its syntax tree, with the `{{tokens}}` filled from the
 * site's facts as on the site. Throws, naming `file`, for an unknown token
 * or what markdownProblems refuses (on the line of the file, the body
 * starting at `firstLine`).
 * @param file the file's path, for the messages
 */
export function parseLegalMarkdown(body: string, facts: Facts, file?: string, firstLine = 1): Root {
  const tree = processor.runSync(processor.parse(body)) as Root
  const [problem] = problemsIn(tree, firstLine)
  if (problem) throw new Error(`${file ?? "a legal text"}: ${problem.message}`)
  return fillSiteFacts({ markdownAST: tree, markdownNode: { fileAbsolutePath: file } }, { facts })
}
