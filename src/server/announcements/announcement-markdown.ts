/**
 * An announcement's Markdown as a checked tree, its tokens filled by the
 * legal texts' remark and token plugin, `{{name}}` left as NAME_SLOT for
 * each mail. Only `https:`, `mailto:`, the stores' and the site's own
 * links; no raw HTML or image; the tree's depth bounded before any walk.
 */
import type { Root } from "mdast"
import type { Node, Parent } from "unist"
import remark from "remark"
import remarkGfm from "remark-gfm"
import { siteFacts, type SiteFacts } from "../../config/site-facts"
import { isLanguageCode, localizedPath } from "../../i18n/languages"

type Facts = Pick<SiteFacts, "appName" | "companyName" | "supportEmail" | "postalAddress" | "providers">
type FillSiteFacts = (
  api: { markdownAST: Root; markdownNode: { fileAbsolutePath?: string } },
  options: { facts: Facts },
) => Root
// The site's own remark plugin, plain JavaScript as gatsby-transformer-remark requires it.
const fillSiteFacts = require("../../../plugins/gatsby-remark-site-facts") as FillSiteFacts

/** Where the recipient's name goes in a rendered text: a private-use character no announcement may hold. */
export const NAME_SLOT = "\uE000"

/** The most characters of a body, and the deepest its Markdown may nest. */
export const MAX_BODY_CHARS = 64 * 1024
export const MAX_DEPTH = 16

/** A token: a name and, after a colon, a provider's role (the site-facts plugin's form). */
const TOKEN = /\{\{\s*([a-zA-Z]+)(?::([a-zA-Z]+))?\s*\}\}/g
const TEXT_TOKENS = new Set(["appName", "companyName", "supportEmail", "name"])
const ROLE_TOKENS = new Set(["provider", "terms"])
/** Link targets written as tokens. */
const URL_TOKENS: Record<string, string> = {
  "{{appStoreUrl}}": siteFacts.appStoreUrl,
  "{{playStoreUrl}}": siteFacts.playStoreUrl,
}

const processor = remark().use(remarkGfm)

/** What a body holds that its translations must hold alike: its tokens and its links' targets, as written, in order. */
export type AnnouncementShape = { tokens: string[]; links: string[] }

/** A body parsed: its tree with every token filled (the name as NAME_SLOT), its shape, and what is wrong with it. */
export type ParsedBody = { tree: Root; shape: AnnouncementShape; problems: string[] }

/** Whether a token names something an announcement can say. */
export const isKnownToken = (name: string, role: string | undefined) =>
  role === undefined
    ? TEXT_TOKENS.has(name)
    : ROLE_TOKENS.has(name) && Object.prototype.hasOwnProperty.call(siteFacts.providers, role)

/** The tokens of a text, in order, and those of them no announcement knows. */
export function tokensOf(text: string): { tokens: string[]; unknown: string[] } {
  const tokens: string[] = []
  const unknown: string[] = []
  for (const match of text.matchAll(TOKEN)) {
    tokens.push(match[0])
    if (!isKnownToken(match[1] ?? "", match[2])) unknown.push(match[0])
  }
  return { tokens, unknown }
}

/** A link's target as the mail has it, or null when an announcement may not link there. */
function linkTarget(url: string, lang: string, siteUrl: string): string | null {
  const token = URL_TOKENS[url.replace(/\s+/g, "")]
  if (token) return token
  if (/^(https:\/\/[^\s/]|mailto:[^\s@]+@)/i.test(url)) return url
  if (url.startsWith("/") && !url.startsWith("//") && isLanguageCode(lang))
    return `${siteUrl}${localizedPath(lang, url)}`
  return null
}

/**
 * Parses a body in a language, for the mails of SITE_URL `siteUrl`,
 * collecting every problem instead of stopping at the first, each once
 * (`<b>` and `</b>` on one line are one problem) and naming its line of the
 * file; a body with problems is never sent.
 * @param firstLine the line of the file the body starts on, after the frontmatter
 */
export function parseBody(body: string, lang: string, siteUrl: string, firstLine = 1): ParsedBody {
  const problems = new Set<string>()
  const lineOf = (node: Node) => (node.position?.start.line ?? 1) + firstLine - 1
  const shape: AnnouncementShape = { tokens: [], links: [] }
  if (body.length > MAX_BODY_CHARS)
    return {
      tree: { type: "root", children: [] },
      shape,
      problems: [`the body is longer than ${MAX_BODY_CHARS} characters`],
    }
  if (body.includes(NAME_SLOT)) problems.add("the body holds the character U+E000, which mails use for the name")
  const tree = processor.runSync(processor.parse(body)) as Root
  const stack: { node: Node; depth: number }[] = [{ node: tree, depth: 0 }]
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, depth } = item
    if (depth > MAX_DEPTH) {
      problems.add(`line ${lineOf(node)} nests more than ${MAX_DEPTH} levels deep`)
      continue
    }
    if (node.type === "html") problems.add(`line ${lineOf(node)} holds raw HTML: an announcement is Markdown only`)
    if (node.type === "image" || node.type === "imageReference")
      problems.add(`line ${lineOf(node)} holds an image: announcements are text and links`)
    if (node.type === "text") {
      const text = node as Node & { value: string }
      const found = tokensOf(text.value)
      shape.tokens.push(...found.tokens)
      for (const token of found.unknown) problems.add(`line ${lineOf(node)}: unknown token ${token}`)
      // The name is filled for each mail; the site-facts plugin fills the other tokens below.
      text.value = text.value.replace(/\{\{\s*name\s*\}\}/g, NAME_SLOT)
    }
    if (node.type === "link" || node.type === "definition") {
      const link = node as Node & { url: string }
      shape.links.push(link.url)
      const target = linkTarget(link.url, lang, siteUrl)
      if (target === null)
        problems.add(
          `line ${lineOf(node)}: a link to ${JSON.stringify(link.url.slice(0, 80))}: write https://, mailto:, {{appStoreUrl}}, {{playStoreUrl}} or a path of the site such as /contact`,
        )
      else link.url = target
    }
    if ("children" in node) {
      for (const child of [...(node as Parent).children].reverse()) stack.push({ node: child, depth: depth + 1 })
    }
  }
  if (problems.size > 0) return { tree, shape, problems: [...problems] }
  return { tree: fillSiteFacts({ markdownAST: tree, markdownNode: {} }, { facts: siteFacts }), shape, problems: [] }
}
