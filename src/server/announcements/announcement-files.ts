/**
 * The announcements editors write in content/announcements/, read when a
 * command runs (no build): `<slug>.md` in English and `<slug>.<lang>.md`
 * per language, each with frontmatter `subject` and an optional
 * `preheader`, then the Markdown body. Nothing is read before the slug is
 * known to be a plain name, and no file past MAX_FILE_BYTES.
 */
import fs from "fs"
import path from "path"
import { contentFileLanguage } from "../../content/content-file-language"
import { parseFrontmatterYaml } from "../../content/frontmatter-yaml"
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../i18n/languages"
import type { AnnouncementVersion } from "./announcement-queries"
import type { AnnouncementContent } from "./announcement-queries"
import { parseBody } from "./announcement-markdown"
import { AnnouncementProblemsError, renderAnnouncement } from "./render-announcement"

/** The largest announcement file read. */
export const MAX_FILE_BYTES = 128 * 1024

/** What an announcement's name may be: lower-case letters, digits and inner hyphens, as its file names are. */
export const isSlug = (value: string) => /^[a-z\d](?:[a-z\d-]{0,62}[a-z\d])?$/.test(value)

const FIELDS = new Set(["subject", "preheader"])

/** An announcement as its files say it: each language's version, and what is wrong with them (nothing: it may be sent). */
export type AnnouncementSource = { slug: string; versions: AnnouncementVersion[]; problems: string[] }

/** The slugs of the announcements in a folder, sorted. */
export function announcementSlugs(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  const slugs = fs
    .readdirSync(dir)
    .flatMap((name) =>
      name.endsWith(".md") && isSlug(name.slice(0, -3).split(".")[0] ?? "")
        ? [name.slice(0, -3).split(".")[0] ?? ""]
        : [],
    )
  return [...new Set(slugs)].sort()
}

/** One file's version and the line of the file its body starts on, or why it cannot be one. */
function readVersion(
  file: string,
  slug: string,
  lang: string,
): { version: AnnouncementVersion; bodyLine: number } | string {
  const name = path.basename(file)
  if (fs.statSync(file).size > MAX_FILE_BYTES) return `${name} is larger than ${MAX_FILE_BYTES / 1024} KB`
  const text = fs.readFileSync(file, "utf8").replace(/\r\n/g, "\n")
  if (!text.startsWith("---\n"))
    return `${name} has no frontmatter: it starts with a line \`---\`, then \`subject: …\`, then \`---\``
  const end = text.indexOf("\n---", 3)
  if (end < 0) return `${name}: its frontmatter never ends (a line \`---\`)`
  let fields: Record<string, unknown>
  try {
    fields = parseFrontmatterYaml(text.slice(4, end))
  } catch (error) {
    return `${name}: its frontmatter is not YAML: ${(error as Error).message.split("\n")[0]}`
  }
  const unknown = Object.keys(fields).filter((field) => !FIELDS.has(field))
  if (unknown.length > 0)
    return `${name}: unknown field ${unknown.join(", ")} (an announcement has subject and preheader)`
  const { subject = "", preheader = "" } = fields
  if (typeof subject !== "string" || typeof preheader !== "string") return `${name}: subject and preheader must be text`
  const afterClosing = text.indexOf("\n", end + 1)
  const body = afterClosing < 0 ? "" : text.slice(afterClosing + 1)
  return {
    version: { slug, lang, subject, preheader, body },
    bodyLine: afterClosing < 0 ? 1 : text.slice(0, afterClosing + 1).split("\n").length,
  }
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, i) => item === b[i])

/**
 * Reads and checks an announcement: an English version, every version
 * renders (a subject, known tokens, links an announcement may have, no
 * raw HTML), and every translation has the English version's tokens and
 * links, in order, so no language loses the store links or the name.
 */
export function readAnnouncement(dir: string, slug: string, siteUrl: string): AnnouncementSource {
  if (!isSlug(slug))
    return {
      slug,
      versions: [],
      problems: [`"${slug.slice(0, 80)}" is not an announcement's name: lower-case letters, digits and hyphens`],
    }
  const problems: string[] = []
  const versions: AnnouncementVersion[] = []
  const bodyLines = new Map<AnnouncementVersion, number>()
  const names = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith(".md") && (name === `${slug}.md` || name.startsWith(`${slug}.`)))
    : []
  for (const name of names.sort()) {
    const { lang, problem } = contentFileLanguage(name.slice(0, -3))
    if (problem) {
      problems.push(`${name}: ${problem}`)
      continue
    }
    const read = readVersion(path.join(dir, name), slug, lang)
    if (typeof read === "string") problems.push(read)
    else {
      versions.push(read.version)
      bodyLines.set(read.version, read.bodyLine)
    }
  }
  const english = versions.find((version) => version.lang === DEFAULT_LANGUAGE)
  if (!english)
    return {
      slug,
      versions,
      problems: [...problems, `there is no ${path.join(dir, `${slug}.md`)}: every announcement has an English version`],
    }
  const englishShape = parseBody(english.body, english.lang, siteUrl).shape
  for (const version of versions) {
    const file = version.lang === DEFAULT_LANGUAGE ? `${slug}.md` : `${slug}.${version.lang}.md`
    try {
      renderAnnouncement(version, siteUrl, bodyLines.get(version))
    } catch (error) {
      if (!(error instanceof AnnouncementProblemsError)) throw error
      problems.push(...error.problems.map((problem) => `${file}: ${problem}`))
    }
    const { tokens, links } = parseBody(version.body, version.lang, siteUrl).shape
    if (!sameList(tokens, englishShape.tokens))
      problems.push(
        `${file} has the tokens ${tokens.join(" ") || "(none)"}, and ${slug}.md has ${englishShape.tokens.join(" ") || "(none)"}: a translation keeps them all, in order`,
      )
    if (!sameList(links, englishShape.links))
      problems.push(
        `${file} links to ${links.join(" ") || "(nothing)"}, and ${slug}.md to ${englishShape.links.join(" ") || "(nothing)"}: a translation keeps every link, in order`,
      )
  }
  versions.sort((a, b) => LANGUAGES.findIndex((l) => l.code === a.lang) - LANGUAGES.findIndex((l) => l.code === b.lang))
  return { slug, versions, problems }
}

/** An announcement's text as a send records it: each version's subject, preheader and body, by language. */
export const contentOf = (source: AnnouncementSource): AnnouncementContent =>
  Object.fromEntries(source.versions.map(({ lang, subject, preheader, body }) => [lang, { subject, preheader, body }]))
