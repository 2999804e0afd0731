/**
 * Renders a legal text's Markdown the way the site's pages are rendered,
 * for versions that Gatsby does not source (archived ones, and the blocks
 * the changes pages compare).
 *
 * remark 13, remark-gfm, remark-footnotes, mdast-util-to-hast and
 * hast-util-to-html are declared in package.json at exactly the versions
 * gatsby-transformer-remark uses, with its options (gfm, inline footnotes,
 * raw HTML kept), so an archived version renders exactly like the page it
 * was. When gatsby-transformer-remark moves to other versions, move these
 * with it. Not taken over from
 * the transformer: its handler for code blocks (legal texts have none) and
 * its cache.
 */
import type { Root } from "mdast"
import remark from "remark"
import remarkFootnotes from "remark-footnotes"
import remarkGfm from "remark-gfm"
import toHast from "mdast-util-to-hast"
import toHtml from "hast-util-to-html"
import type { SiteFacts } from "../config/site-facts"

type Facts = Pick<SiteFacts, "appName" | "companyName" | "supportEmail" | "providers">
type FillSiteFacts = (api: { markdownAST: Root; markdownNode: { fileAbsolutePath?: string } }, options: { facts: Facts }) => Root

// The site's own remark plugin, plain JavaScript as gatsby-transformer-remark requires it.
const fillSiteFacts = require("../../plugins/gatsby-remark-site-facts") as FillSiteFacts

const processor = remark().use(remarkGfm).use(remarkFootnotes, { inlineNotes: true })

/**
 * A Markdown body as its syntax tree, with the `{{tokens}}` filled from the
 * site's facts as on the site. Throws, naming `file`, for an unknown token.
 * @param file the file's path, for the message of an unknown token
 */
export function parseLegalMarkdown(body: string, facts: Facts, file?: string): Root {
  const tree = processor.runSync(processor.parse(body)) as Root
  return fillSiteFacts({ markdownAST: tree, markdownNode: { fileAbsolutePath: file } }, { facts })
}

/** A Markdown body as the HTML a legal page shows, tokens filled. */
export function renderLegalHtml(body: string, facts: Facts, file?: string): string {
  const hast = toHast(parseLegalMarkdown(body, facts, file), { allowDangerousHtml: true })
  return toHtml(hast as Parameters<typeof toHtml>[0], { allowDangerousHtml: true })
}
