/**
 * The list mails editors write as Markdown files (content/announcements/,
 * content/sequences/), read when they are used (no build): `<name>.md` in
 * English and `<name>.<lang>.md` per language, each with frontmatter (a
 * `subject`, an optional `preheader`, and the fields of its kind), then the
 * Markdown body. Nothing is read before the name is known to be a plain
 * name, and no file past MAX_FILE_BYTES. Every problem of a mail's files is
 * said once, naming its file and line.
 */
import fs from "fs"
import path from "path"
import { contentFileLanguage } from "../../content/content-file-language"
import { parseFrontmatterYaml } from "../../content/frontmatter-yaml"
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../i18n/languages"
import { parseBody, withArticle, type MailKind } from "./mail-markdown"
import { MailProblemsError, renderMail, type MailVersion } from "./render-mail"

/** The largest file read. */
export const MAX_FILE_BYTES = 128 * 1024

/** What a mail's name may be: lower-case letters, digits and inner hyphens, as its file names are. */
export const isSlug = (value: string) => /^[a-z\d](?:[a-z\d-]{0,62}[a-z\d])?$/.test(value)

/** A file's frontmatter: each field's value, and the line of the file it is written on. */
export type Frontmatter = { values: Record<string, unknown>; lines: Record<string, number> }

/** A mail as its files say it: each language's version, the frontmatter of each by language, and what is wrong with them (nothing: it may be sent). */
export type MailSource = {
  slug: string
  versions: MailVersion[]
  fields: Map<string, Frontmatter>
  problems: string[]
}

/** A list mail that cannot be used as its files are written: every problem, each naming its file. */
export class MailNotReadyError extends Error {
  constructor(
    readonly problems: string[],
    noun: string,
  ) {
    super(`the ${noun} cannot be used as written:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`)
    this.name = "MailNotReadyError"
  }
}

/** The names of the mails in a folder, sorted. */
export function mailSlugs(dir: string): string[] {
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

/** One file's version, its frontmatter and the line of the file its body starts on, or why it cannot be one. */
function readVersion(
  file: string,
  slug: string,
  lang: string,
  kind: MailKind,
): { version: MailVersion; fields: Frontmatter; bodyLine: number } | string {
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
  const known = ["subject", "preheader", ...kind.fields]
  const unknown = Object.keys(fields).filter((field) => !known.includes(field))
  if (unknown.length > 0)
    return `${name}: unknown field ${unknown.join(", ")} (${withArticle(kind.noun)} has ${known.slice(0, -1).join(", ")} and ${known.at(-1)})`
  const { subject = "", preheader = "" } = fields
  if (typeof subject !== "string" || typeof preheader !== "string") return `${name}: subject and preheader must be text`
  const afterClosing = text.indexOf("\n", end + 1)
  const body = afterClosing < 0 ? "" : text.slice(afterClosing + 1)
  const lines: Record<string, number> = {}
  text
    .slice(4, end)
    .split("\n")
    .forEach((line, i) => {
      const field = /^([A-Za-z]\w{0,40}):/.exec(line)?.[1]
      if (field && !(field in lines)) lines[field] = i + 2
    })
  return {
    version: { slug, lang, subject, preheader, body },
    fields: { values: fields, lines },
    bodyLine: afterClosing < 0 ? 1 : text.slice(0, afterClosing + 1).split("\n").length,
  }
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, i) => item === b[i])

/**
 * Reads and checks a mail's files: an English version, every version
 * renders (a subject, known tokens, links such a mail may have, no raw
 * HTML), and every translation has the English version's tokens and
 * links, in order, so no language loses the store links or the name.
 */
export function readMailSource(dir: string, slug: string, siteUrl: string, kind: MailKind): MailSource {
  const fields = new Map<string, Frontmatter>()
  if (!isSlug(slug))
    return {
      slug,
      versions: [],
      fields,
      problems: [
        `"${slug.slice(0, 80)}" is not ${withArticle(kind.noun)}'s name: lower-case letters, digits and hyphens`,
      ],
    }
  const problems: string[] = []
  const versions: MailVersion[] = []
  const bodyLines = new Map<MailVersion, number>()
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
    const read = readVersion(path.join(dir, name), slug, lang, kind)
    if (typeof read === "string") problems.push(read)
    else {
      versions.push(read.version)
      fields.set(lang, read.fields)
      bodyLines.set(read.version, read.bodyLine)
    }
  }
  const english = versions.find((version) => version.lang === DEFAULT_LANGUAGE)
  if (!english)
    return {
      slug,
      versions,
      fields,
      problems: [...problems, `there is no ${path.join(dir, `${slug}.md`)}: every ${kind.noun} has an English version`],
    }
  const englishShape = parseBody(english.body, english.lang, siteUrl, 1, kind).shape
  for (const version of versions) {
    const file = version.lang === DEFAULT_LANGUAGE ? `${slug}.md` : `${slug}.${version.lang}.md`
    try {
      renderMail(version, siteUrl, bodyLines.get(version), kind)
    } catch (error) {
      if (!(error instanceof MailProblemsError)) throw error
      problems.push(...error.problems.map((problem) => `${file}: ${problem}`))
    }
    const { tokens, links } = parseBody(version.body, version.lang, siteUrl, 1, kind).shape
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
  return { slug, versions, fields, problems }
}
