/**
 * A list mail's Markdown (an announcement, a step of the sequences) as a
 * tree, checked and with its tokens filled, by the same remark (13, with
 * GFM) and the same token plugin as the legal texts (see
 * src/legal/render-markdown.ts): `{{appName}}`, `{{supportEmail}}`,
 * `{{provider:store}}` and the others of site-facts, `{{launchDate:appStore}}`
 * (the planned launch day, which must be in the site's facts), plus the
 * reader's tokens the kind of mail takes (see mail-tokens.ts), left as their
 * slots to be filled for each mail. Links may go to `https://` and
 * `mailto:` addresses (never plain `http://`, which a network between could
 * rewrite), to `{{appStoreUrl}}` and `{{playStoreUrl}}`, to the reader's
 * link tokens, and to a path of the site (`/contact`), which points at the
 * recipient's language's page under SITE_URL. Raw HTML and images are
 * refused, and so is a tree nested deeper than MAX_DEPTH: every walk here
 * is bounded before it starts.
 */
import type { Root } from "mdast"
import type { Node, Parent } from "unist"
import remark from "remark"
import remarkGfm from "remark-gfm"
import { siteFacts, type SiteFacts } from "../../config/site-facts"
import { isLanguageCode, localizedPath } from "../../i18n/languages"
import { isLaunchStore, LAUNCH_STORES, launchDayText } from "../../launch/launch-dates"
import { holdsSlot, isPersonToken, PERSON_TOKENS, type PersonToken } from "./mail-tokens"

type Facts = Pick<SiteFacts, "appName" | "companyName" | "supportEmail" | "postalAddress" | "providers">
type FillSiteFacts = (
  api: { markdownAST: Root; markdownNode: { fileAbsolutePath?: string } },
  options: { facts: Facts },
) => Root
// The site's own remark plugin, plain JavaScript as gatsby-transformer-remark requires it.
const fillSiteFacts = require("../../../plugins/gatsby-remark-site-facts") as FillSiteFacts

/** The most characters of a body, and the deepest its Markdown may nest. */
export const MAX_BODY_CHARS = 64 * 1024
export const MAX_DEPTH = 16

/** A token: a name and, after a colon, a provider's role (the site-facts plugin's form). */
const TOKEN = /\{\{\s*([a-zA-Z]+)(?::([a-zA-Z]+))?\s*\}\}/g
const TEXT_TOKENS = new Set(["appName", "companyName", "supportEmail"])
const ROLE_TOKENS = new Set(["provider", "terms"])
/** Link targets written as tokens. */
const URL_TOKENS: Record<string, string> = {
  "{{appStoreUrl}}": siteFacts.appStoreUrl,
  "{{playStoreUrl}}": siteFacts.playStoreUrl,
}

const processor = remark().use(remarkGfm)

/** What a body holds that its translations must hold alike: its tokens and its links' targets, as written, in order. */
export type AnnouncementShape = { tokens: string[]; links: string[] }

/** A body parsed: its tree with every token filled (the reader's as their slots), its shape, and what is wrong with it. */
export type ParsedBody = { tree: Root; shape: AnnouncementShape; problems: string[] }

/** What kind of list mail a file is: its name in the problems, the reader's tokens its body takes, and the frontmatter fields it has besides `subject` and `preheader`. */
export type MailKind = { noun: string; personTokens: readonly PersonToken[]; fields: readonly string[] }

/** An announcement: its body takes the reader's name. */
export const ANNOUNCEMENT: MailKind = { noun: "announcement", personTokens: ["name"], fields: [] }

/** A noun with its indefinite article: "an announcement", "a step". */
export const withArticle = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`)

/** Whether a token names something a mail taking these reader's tokens can say. */
export const isKnownToken = (name: string, role: string | undefined, personTokens: readonly PersonToken[]) =>
  role === undefined
    ? TEXT_TOKENS.has(name) || (isPersonToken(name) && personTokens.includes(name))
    : (ROLE_TOKENS.has(name) && Object.prototype.hasOwnProperty.call(siteFacts.providers, role)) ||
      (name === "launchDate" && isLaunchStore(role))

/** The tokens of a text, in order, and those of them no such mail knows. */
export function tokensOf(
  text: string,
  personTokens: readonly PersonToken[] = ANNOUNCEMENT.personTokens,
): { tokens: string[]; unknown: string[] } {
  const tokens: string[] = []
  const unknown: string[] = []
  for (const match of text.matchAll(TOKEN)) {
    tokens.push(match[0])
    if (!isKnownToken(match[1] ?? "", match[2], personTokens)) unknown.push(match[0])
  }
  return { tokens, unknown }
}

/**
 * A text's reader's tokens as their slots and its launch days as the
 * language writes them (the site-facts plugin fills the other tokens);
 * the problem of a launch day the site's facts do not plan, if any.
 */
function fillOwnTokens(text: string, lang: string): { text: string; problem: string | null } {
  let problem: string | null = null
  const filled = text.replace(TOKEN, (token, name: string, role: string | undefined) => {
    if (role === undefined) return isPersonToken(name) ? PERSON_TOKENS[name].slot : token
    if (name !== "launchDate" || !isLaunchStore(role)) return token
    const day = siteFacts.launchDates[role]
    if (day !== null) return launchDayText(day, lang)
    const store = LAUNCH_STORES.find((launch) => launch.store === role)?.name ?? role
    problem = `${token} has no value: src/config/site-facts.ts plans no launch day on ${store} (launchDates.${role}); set one, or leave the sentence out`
    return token
  })
  return { text: filled, problem }
}

/** A link's target as the mail has it (a reader's link as its slot), or null when such a mail may not link there. */
function linkTarget(url: string, lang: string, siteUrl: string, personTokens: readonly PersonToken[]): string | null {
  const written = url.replace(/\s+/g, "")
  const token = URL_TOKENS[written]
  if (token) return token
  const own = /^\{\{([a-zA-Z]+)\}\}$/.exec(written)?.[1] ?? ""
  if (isPersonToken(own) && PERSON_TOKENS[own].link && personTokens.includes(own)) return PERSON_TOKENS[own].slot
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
 * @param kind the kind of mail (an announcement's by default), whose reader's tokens it takes
 */
export function parseBody(body: string, lang: string, siteUrl: string, firstLine = 1, kind = ANNOUNCEMENT): ParsedBody {
  const { personTokens } = kind
  const problems = new Set<string>()
  const lineOf = (node: Node) => (node.position?.start.line ?? 1) + firstLine - 1
  const shape: AnnouncementShape = { tokens: [], links: [] }
  if (body.length > MAX_BODY_CHARS)
    return {
      tree: { type: "root", children: [] },
      shape,
      problems: [`the body is longer than ${MAX_BODY_CHARS} characters`],
    }
  if (holdsSlot(body))
    problems.add("the body holds a character from U+E000 to U+E0FF, which mails keep for the reader's tokens")
  const tree = processor.runSync(processor.parse(body)) as Root
  const stack: { node: Node; depth: number }[] = [{ node: tree, depth: 0 }]
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, depth } = item
    if (depth > MAX_DEPTH) {
      problems.add(`line ${lineOf(node)} nests more than ${MAX_DEPTH} levels deep`)
      continue
    }
    if (node.type === "html")
      problems.add(`line ${lineOf(node)} holds raw HTML: ${withArticle(kind.noun)} is Markdown only`)
    if (node.type === "image" || node.type === "imageReference")
      problems.add(`line ${lineOf(node)} holds an image: ${withArticle(kind.noun)} is text and links`)
    if (node.type === "text") {
      const text = node as Node & { value: string }
      const found = tokensOf(text.value, personTokens)
      shape.tokens.push(...found.tokens)
      for (const token of found.unknown) problems.add(`line ${lineOf(node)}: unknown token ${token}`)
      // The reader's tokens are filled for each mail, the launch days here; the site-facts plugin fills the rest below.
      const own = fillOwnTokens(text.value, lang)
      if (own.problem) problems.add(`line ${lineOf(node)}: ${own.problem}`)
      text.value = own.text
    }
    if (node.type === "link" || node.type === "definition") {
      const link = node as Node & { url: string }
      shape.links.push(link.url)
      const target = linkTarget(link.url, lang, siteUrl, personTokens)
      const links = personTokens.filter((token) => PERSON_TOKENS[token].link).map((token) => `{{${token}}}, `)
      if (target === null)
        problems.add(
          `line ${lineOf(node)}: a link to ${JSON.stringify(link.url.slice(0, 80))}: write https://, mailto:, {{appStoreUrl}}, {{playStoreUrl}}, ${links.join("")}or a path of the site such as /contact`,
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
