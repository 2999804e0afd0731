/**
 * The rewards' tiers, as editors and founders write them in one file
 * (REWARDS_FILE, content/rewards.md by default), read when asked (no
 * build) and checked like an announcement: each problem names its file
 * and line. Its frontmatter `tiers:` lists `{ name, friends, codes }`; its
 * body has one `## <name>` section per tier, whose first paragraph is the
 * reward's title and the rest what it gives. Each other language of the
 * site has its words in `rewards.<lang>.md` beside it: the same sections,
 * no frontmatter.
 */
import fs from "fs"
import path from "path"
import type { Root } from "mdast"
import remark from "remark"
import { siteFacts } from "../../config/site-facts"
import { parseFrontmatterYaml } from "../../content/frontmatter-yaml"
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from "../../i18n/languages"

/** A tier: its name (a slug the commands use), how many credited friends earn it, and whether it hands out store codes. */
export type Tier = { name: string; friends: number; codes: boolean }

/** A tier's words in one language: its title, and the paragraphs of what it gives (tokens filled). */
export type TierWords = { title: string; paragraphs: string[] }

/** The tiers, fewest friends first, with each language's words; nothing may be awarded while `problems` has any. */
export type RewardTiers = { tiers: Tier[]; words: Record<LanguageCode, Record<string, TierWords>>; problems: string[] }

/** The largest file read, and the most tiers, friends and characters a tier's words may have. */
export const MAX_FILE_BYTES = 64 * 1024
const MAX_TIERS = 20
const MAX_FRIENDS = 10_000
const MAX_TITLE = 80
const MAX_WORDS = 1000

const isSlug = (value: unknown): value is string =>
  typeof value === "string" && /^[a-z\d](?:[a-z\d-]{0,62}[a-z\d])?$/.test(value)

/** The tokens a reward's words may hold. */
const TOKENS: Record<string, string> = { appName: siteFacts.appName, companyName: siteFacts.companyName }

/** The file of a language's words: `rewards.md` for English, `rewards.es.md` beside it for Spanish. */
export const wordsFile = (file: string, lang: LanguageCode) =>
  lang === DEFAULT_LANGUAGE ? file : file.replace(/\.md$/, "") + `.${lang}.md`

/** A file's text, frontmatter and body (with the line the body starts on), or why it cannot be read. */
function readFile(file: string): { frontmatter: string | null; body: string; bodyLine: number } | string {
  const name = path.basename(file)
  if (!fs.existsSync(file)) return `there is no ${file}`
  if (fs.statSync(file).size > MAX_FILE_BYTES) return `${name} is larger than ${MAX_FILE_BYTES / 1024} KB`
  const text = fs.readFileSync(file, "utf8").replace(/\r\n/g, "\n")
  if (!text.startsWith("---\n")) return { frontmatter: null, body: text, bodyLine: 1 }
  const end = text.indexOf("\n---", 3)
  if (end < 0) return `${name}: its frontmatter never ends (a line \`---\`)`
  const afterClosing = text.indexOf("\n", end + 1)
  return {
    frontmatter: text.slice(4, end),
    body: afterClosing < 0 ? "" : text.slice(afterClosing + 1),
    bodyLine: afterClosing < 0 ? 1 : text.slice(0, afterClosing + 1).split("\n").length,
  }
}

/** The tiers of the English file's frontmatter, and what is wrong with them (each naming its line). */
function tiersOf(name: string, frontmatter: string | null): { tiers: Tier[]; problems: string[] } {
  if (frontmatter === null) return { tiers: [], problems: [`${name}: it has no frontmatter with its \`tiers:\``] }
  let fields: Record<string, unknown>
  try {
    fields = parseFrontmatterYaml(frontmatter)
  } catch (error) {
    return { tiers: [], problems: [`${name}: its frontmatter is not YAML: ${(error as Error).message.split("\n")[0]}`] }
  }
  const lines = frontmatter.split("\n")
  const lineOf = (text: string) => {
    const at = lines.findIndex((line) => line.includes(text))
    return at < 0 ? 2 : at + 2
  }
  const unknown = Object.keys(fields).filter((field) => field !== "tiers")
  const problems = unknown.map((field) => `${name}, line ${lineOf(field)}: unknown field ${field} (the file has tiers)`)
  const list = fields.tiers ?? []
  if (!Array.isArray(list))
    return { tiers: [], problems: [...problems, `${name}, line ${lineOf("tiers")}: tiers is a list`] }
  if (list.length > MAX_TIERS) problems.push(`${name}: more than ${MAX_TIERS} tiers`)
  const tiers: Tier[] = []
  for (const [i, item] of list.slice(0, MAX_TIERS).entries()) {
    const fieldsOf = (item ?? {}) as Record<string, unknown>
    const where = `${name}, line ${isSlug(fieldsOf.name) ? lineOf(fieldsOf.name) : lineOf("tiers")}: tier ${i + 1}`
    const { name: slug, friends, codes = false } = fieldsOf
    const extra = Object.keys(fieldsOf).filter((field) => !["name", "friends", "codes"].includes(field))
    if (typeof item !== "object" || item === null || Array.isArray(item))
      problems.push(`${where} is not { name, friends, codes }`)
    else if (!isSlug(slug))
      problems.push(`${where}: its name is lower-case letters, digits and hyphens, such as early-access`)
    else if (typeof friends !== "number" || !Number.isInteger(friends) || friends < 1 || friends > MAX_FRIENDS)
      problems.push(`${where} (${slug}): friends is a whole number from 1 to ${MAX_FRIENDS}`)
    else if (typeof codes !== "boolean") problems.push(`${where} (${slug}): codes is true or false`)
    else if (extra.length > 0) problems.push(`${where} (${slug}): unknown field ${extra.join(", ")}`)
    else if (tiers.some((tier) => tier.name === slug)) problems.push(`${where}: ${slug} is named twice`)
    else if (tiers.some((tier) => tier.friends >= friends))
      problems.push(`${where} (${slug}): each tier takes more friends than the one before it`)
    else tiers.push({ name: slug, friends, codes })
  }
  return { tiers, problems }
}

/** Fills a text's tokens; the unknown ones are problems. */
function filled(text: string, problem: (token: string) => void): string {
  return text.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (token, name: string) => {
    const value = TOKENS[name]
    if (value === undefined) problem(token)
    return value ?? token
  })
}

const processor = remark()

/** The text of a paragraph of plain text, or null when it holds anything else (a link, formatting, an image). */
function plainText(node: Root["children"][number]): string | null {
  if (node.type !== "paragraph") return null
  const parts: string[] = []
  for (const child of node.children) {
    if (child.type !== "text") return null
    parts.push(child.value)
  }
  return parts
    .join("")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ")
}

/** Each tier's words in one file's body: a `## <name>` section each, its first paragraph the title. */
function wordsOf(
  name: string,
  body: string,
  bodyLine: number,
  tiers: Tier[],
): { words: Record<string, TierWords>; problems: string[] } {
  const problems = new Set<string>()
  const lineOf = (node: { position?: { start: { line: number } } }) => (node.position?.start.line ?? 1) + bodyLine - 1
  const tree = processor.parse(body) as Root
  const sections = new Map<string, { line: number; texts: string[] }>()
  let current: { line: number; texts: string[] } | null = null
  for (const node of tree.children) {
    if (node.type === "heading" && node.depth === 2) {
      const heading = node.children
        .map((child) => ("value" in child ? child.value : ""))
        .join("")
        .trim()
      if (!tiers.some((tier) => tier.name === heading))
        problems.add(`${name}, line ${lineOf(node)}: "## ${heading.slice(0, 60)}" names no tier of rewards.md`)
      else if (sections.has(heading)) problems.add(`${name}, line ${lineOf(node)}: ${heading} has two sections`)
      current = { line: lineOf(node), texts: [] }
      sections.set(heading, current)
      continue
    }
    const text = plainText(node)
    if (!current)
      problems.add(`${name}, line ${lineOf(node)}: write each tier's words under its heading, \`## <name>\``)
    else if (text === null)
      problems.add(
        `${name}, line ${lineOf(node)}: a reward's words are plain paragraphs (no headings but ## <name>, links, lists or formatting)`,
      )
    else
      current.texts.push(filled(text, (token) => problems.add(`${name}, line ${lineOf(node)}: unknown token ${token}`)))
  }
  const words: Record<string, TierWords> = {}
  for (const tier of tiers) {
    const section = sections.get(tier.name)
    if (!section) {
      problems.add(`${name}: there is no section \`## ${tier.name}\``)
      continue
    }
    const [title = "", ...paragraphs] = section.texts
    if (title === "" || paragraphs.length === 0)
      problems.add(
        `${name}, line ${section.line}: ${tier.name} has a title (its first paragraph) and at least one paragraph of what it gives`,
      )
    else if ([...title].length > MAX_TITLE)
      problems.add(`${name}, line ${section.line}: ${tier.name}'s title is longer than ${MAX_TITLE} characters`)
    else if (paragraphs.join("").length > MAX_WORDS)
      problems.add(`${name}, line ${section.line}: ${tier.name}'s words are longer than ${MAX_WORDS} characters`)
    else words[tier.name] = { title, paragraphs }
  }
  return { words, problems: [...problems] }
}

/** Reads and checks the tiers and their words in every language. */
function readTiers(file: string): RewardTiers {
  const english = readFile(file)
  const empty = Object.fromEntries(LANGUAGES.map(({ code }) => [code, {}])) as RewardTiers["words"]
  if (typeof english === "string") return { tiers: [], words: empty, problems: [english] }
  const { tiers, problems } = tiersOf(path.basename(file), english.frontmatter)
  const words = { ...empty }
  for (const { code } of LANGUAGES) {
    const own = wordsFile(file, code)
    const read = code === DEFAULT_LANGUAGE ? english : readFile(own)
    if (typeof read === "string") {
      problems.push(read)
      continue
    }
    if (code !== DEFAULT_LANGUAGE && read.frontmatter !== null)
      problems.push(`${path.basename(own)}: a translation has no frontmatter (the tiers are ${path.basename(file)}'s)`)
    const found = wordsOf(path.basename(own), read.body, read.bodyLine, tiers)
    problems.push(...found.problems)
    words[code] = found.words
  }
  return { tiers, words, problems }
}

let cached: { key: string; tiers: RewardTiers } | null = null

/** The tiers of a file and its translations, read again whenever one of them changed. */
export function rewardTiers(file: string): RewardTiers {
  const key = JSON.stringify(
    LANGUAGES.map(({ code }) => {
      const stat = fs.statSync(wordsFile(file, code), { throwIfNoEntry: false })
      return [wordsFile(file, code), stat?.mtimeMs, stat?.size]
    }),
  )
  if (cached?.key !== key) cached = { key, tiers: readTiers(file) }
  return cached.tiers
}

/** A tier of the file by name, or undefined. */
export const tierNamed = (tiers: RewardTiers, name: string): Tier | undefined =>
  tiers.tiers.find((tier) => tier.name === name)
