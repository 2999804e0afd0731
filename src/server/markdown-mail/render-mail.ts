/**
 * A list mail (an announcement, a step of the sequences) in one language as
 * a mail's two bodies: an HTML fragment in the brand's look (every style
 * inline, as mail clients need) and plain text, each with the slots of the
 * reader's tokens (see mail-tokens.ts), and its subject and preheader with
 * their tokens filled. Rendered once per language and kept (see
 * renderedMail); each mail only fills the slots.
 */
import type { Root, Content } from "mdast"
import type { Node, Parent } from "unist"
import toHast from "mdast-util-to-hast"
import toHtml from "hast-util-to-html"
import { MAIL_CLASS, MAIL_COLORS } from "../mails/mail-palette"
import { setApartAfter, setApartBefore } from "../mails/set-apart"
import { siteFacts } from "../../config/site-facts"
import { ANNOUNCEMENT, parseBody, tokensOf, type MailKind } from "./mail-markdown"
import { holdsSlot, NAME_SLOT } from "./mail-tokens"

/** One language's version of a list mail, as its file says it: its name (the file's), subject, preheader and Markdown body. */
export type MailVersion = { slug: string; lang: string; subject: string; preheader: string; body: string }

/** A list mail ready to be personalised: its subject and preheader, and its bodies, each with the slots of the reader's tokens. */
export type RenderedMail = {
  slug: string
  lang: string
  subject: string
  preheader: string
  html: string
  text: string
}

/** A mail that cannot be sent as written: what is wrong, each naming its line. */
export class MailProblemsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("; "))
    this.name = "MailProblemsError"
  }
}

/** The inline style of each element a list mail's HTML may hold. */
const STYLES: Record<string, string> = {
  p: "margin:0 0 16px",
  h1: "margin:0 0 16px;font-size:22px;line-height:1.3",
  h2: "margin:24px 0 12px;font-size:19px;line-height:1.3",
  h3: "margin:20px 0 8px;font-size:17px",
  a: `color:${MAIL_COLORS.light.link};text-decoration:underline`,
  ul: "margin:0 0 16px;padding-left:24px",
  ol: "margin:0 0 16px;padding-left:24px",
  li: "margin:0 0 6px",
  blockquote: `margin:0 0 16px;padding-left:12px;border-left:3px solid ${MAIL_COLORS.light.button}`,
  hr: `border:none;border-top:1px solid ${MAIL_COLORS.light.rule};margin:24px 0`,
  code: "font-family:ui-monospace,Menlo,monospace;font-size:14px",
}

type HastNode = {
  type: string
  tagName?: string
  value?: string
  properties?: Record<string, unknown>
  children?: HastNode[]
}

/** A link alone in its paragraph (a store link) is a button, in the brand's colors as the confirmation mail's. */
const BUTTON = `display:inline-block;padding:14px 24px;border-radius:8px;background:${MAIL_COLORS.light.button};color:${MAIL_COLORS.light.onButton};font-weight:700;text-decoration:none`

/** The class of the elements whose colors change in dark mode (see DARK_STYLES). */
const CLASSES: Record<string, string> = { a: MAIL_CLASS.link, hr: MAIL_CLASS.rule }

const isElement = (node: HastNode | undefined, tagName: string) => node?.type === "element" && node.tagName === tagName

/** Sets each link among these nodes apart from the text it touches (see setApartBefore): the HTML only, the plain text keeps the author's spacing. */
function setLinksApart(children: HastNode[]) {
  children.forEach((child, i) => {
    if (!isElement(child, "a")) return
    const before = children[i - 1]
    const after = children[i + 1]
    if (before?.type === "text") before.value = setApartBefore(before.value ?? "")
    if (after?.type === "text") after.value = setApartAfter(after.value ?? "")
  })
}

/** Gives each element its inline style, and sets its links apart (the tree is as deep as the checked Markdown, MAX_DEPTH at most). */
function style(node: HastNode) {
  const buttons = new WeakSet<HastNode>()
  const stack = [node]
  for (let item = stack.pop(); item; item = stack.pop()) {
    const children = item.children ?? []
    stack.push(...children)
    setLinksApart(children)
    const [only] = children
    if (isElement(item, "p") && children.length === 1 && only && isElement(only, "a")) buttons.add(only)
    const inline = buttons.has(item)
      ? BUTTON
      : item.type === "element" && item.tagName
        ? STYLES[item.tagName]
        : undefined
    const className = buttons.has(item) ? MAIL_CLASS.button : item.tagName ? CLASSES[item.tagName] : undefined
    if (inline)
      item.properties = { ...item.properties, style: inline, ...(className ? { className: [className] } : {}) }
  }
}

/** The plain text of an inline run: links as "text (address)", the rest as written. */
function inlineText(nodes: readonly Node[]): string {
  return nodes
    .map((node) => {
      const { type } = node
      if (type === "text" || type === "inlineCode") return String((node as Node & { value: string }).value)
      if (type === "break") return "\n"
      if (type === "link") {
        const { url, children } = node as Node & { url: string; children: Node[] }
        const text = inlineText(children)
        const shown = url.startsWith("mailto:") ? url.slice(7) : url
        return text === shown ? shown : `${text} (${shown})`
      }
      return "children" in node ? inlineText((node as Parent).children) : ""
    })
    .join("")
}

/** The plain text of block nodes, a blank line between blocks. */
function blockText(nodes: readonly Content[], indent = ""): string[] {
  return nodes.flatMap((node): string[] => {
    switch (node.type) {
      case "heading":
        return [indent + inlineText(node.children).toUpperCase()]
      case "list":
        return [
          node.children
            .map(
              (item, i) =>
                `${indent}${node.ordered ? `${(node.start ?? 1) + i}.` : "-"} ${blockText(item.children, `${indent}  `).join("\n").trimStart()}`,
            )
            .join("\n"),
        ]
      case "blockquote":
        return blockText(node.children, `${indent}> `)
      case "thematicBreak":
        return [`${indent}———`]
      case "code":
        return [
          node.value
            .split("\n")
            .map((line) => indent + line)
            .join("\n"),
        ]
      case "definition":
        return []
      default:
        return ["children" in node ? indent + inlineText((node as Parent).children) : ""]
    }
  })
}

/** Fills the text tokens of a subject or preheader (the name as NAME_SLOT), flattened to one line. */
function fillLine(text: string): string {
  const facts: Record<string, string> = {
    appName: siteFacts.appName,
    companyName: siteFacts.companyName,
    supportEmail: siteFacts.supportEmail,
    name: NAME_SLOT,
  }
  return text
    .replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (token, name: string) => facts[name] ?? token)
    .replace(/\s+/g, " ")
    .trim()
}

/** The problems of a subject or preheader: too long, a line break, a token it cannot hold. */
export function lineProblems(field: string, text: string, max: number): string[] {
  const problems = text.length > max ? [`its ${field} is longer than ${max} characters`] : []
  if (holdsSlot(text) || /[\r\n]/.test(text)) problems.push(`its ${field} must be one line`)
  for (const token of tokensOf(text).tokens)
    if (!/^\{\{\s*(appName|companyName|supportEmail|name)\s*\}\}$/.test(token))
      problems.push(
        `its ${field} holds ${token}, which only a body can (a subject takes {{name}}, {{appName}} and {{companyName}})`,
      )
  return problems
}

/**
 * Renders one language's version for the mails of SITE_URL `siteUrl`.
 * @param bodyLine the line of its file the body starts on, which the problems' lines count from
 * @param kind the kind of mail (an announcement's by default), whose reader's tokens it takes
 * @throws MailProblemsError naming what is wrong
 */
export function renderMail(version: MailVersion, siteUrl: string, bodyLine = 1, kind = ANNOUNCEMENT): RenderedMail {
  const parsed = parseBody(version.body, version.lang, siteUrl, bodyLine, kind)
  const problems = [
    ...lineProblems("subject", version.subject, 200),
    ...lineProblems("preheader", version.preheader, 300),
    ...parsed.problems,
  ]
  if (version.subject.trim() === "") problems.unshift("it has no subject")
  if (problems.length > 0) throw new MailProblemsError(problems)
  const hast = toHast(parsed.tree as Root) as unknown as HastNode
  style(hast)
  return {
    slug: version.slug,
    lang: version.lang,
    subject: fillLine(version.subject),
    preheader: fillLine(version.preheader),
    html: toHtml(hast as Parameters<typeof toHtml>[0]),
    text: blockText(parsed.tree.children).join("\n\n"),
  }
}

const rendered = new Map<string, RenderedMail>()

/** renderMail, kept for the next mails of the same version (the last 32 versions). */
export function renderedMail(version: MailVersion, siteUrl: string, kind: MailKind = ANNOUNCEMENT): RenderedMail {
  const key = JSON.stringify([
    siteUrl,
    kind.noun,
    version.slug,
    version.lang,
    version.subject,
    version.preheader,
    version.body,
  ])
  let found = rendered.get(key)
  if (!found) {
    found = renderMail(version, siteUrl, 1, kind)
    if (rendered.size >= 32) rendered.delete(rendered.keys().next().value as string)
    rendered.set(key, found)
  }
  return found
}
