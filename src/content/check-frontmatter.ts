import { isRealIsoDate } from "../i18n/format-date"

/** A file's frontmatter as gatsby-transformer-remark parsed it (with parseFrontmatterYaml). */
export type Frontmatter = Record<string, unknown>

/** The frontmatter field a problem names ("its `effectiveDate` ..."), if any. */
export const fieldNamed = (problem: string): string | null => /`(\w+)`/.exec(problem)?.[1] ?? null

/** The line of a file (from 1) on which its frontmatter sets `field`, or undefined when it does not. */
export function frontmatterLine(raw: string, field: string): number | undefined {
  const lines = raw.replace(/\r\n/g, "\n").split("\n")
  if (lines[0] !== "---") return undefined
  for (let index = 1; index < lines.length && lines[index] !== "---"; index += 1) {
    if (lines[index]?.startsWith(`${field}:`)) return index + 1
  }
  return undefined
}

/** The line of a file that a problem of its frontmatter is on: that of the field it names, if the file sets it. */
export const problemLine = (raw: string, problem: string): number | undefined => {
  const field = fieldNamed(problem)
  return field === null ? undefined : frontmatterLine(raw, field)
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "")
const missing = (frontmatter: Frontmatter, field: string) => text(frontmatter[field]) === ""
const noField = (field: string) => `it has no \`${field}\` in its frontmatter`

/** The problem of a date field, if it is missing or not a real date written as YYYY-MM-DD. */
function dateProblem(frontmatter: Frontmatter, field: string): string[] {
  const date = frontmatter[field]
  if (date === undefined || date === null || date === "") return [noField(field)]
  if (!isRealIsoDate(date)) return [`its \`${field}\` "${String(date)}" is not a real date written as YYYY-MM-DD`]
  return []
}

/**
 * The checks a legal document must pass before the site builds: a title and
 * an effective date that exists, written as YYYY-MM-DD; a translation names
 * instead, as `translationOf`, the English effective date it follows (and
 * an `effectiveDate` of its own, which it may have, must be real too).
 * Returns the problems found, each a sentence; an empty list means the file is fine.
 */
export function checkLegalFrontmatter(frontmatter: Frontmatter, isTranslation = false): string[] {
  const problems: string[] = []
  if (missing(frontmatter, "title")) problems.push(noField("title"))
  problems.push(...dateProblem(frontmatter, isTranslation ? "translationOf" : "effectiveDate"))
  if (isTranslation && frontmatter.effectiveDate !== undefined) problems.push(...dateProblem(frontmatter, "effectiveDate"))
  return problems
}

const LANDING_FIELDS = ["title", "headline", "highlight", "subtext", "mockupAlt"] as const

/** The checks the landing copy must pass before the site builds: every field, and a highlight that is part of the headline. */
export function checkLandingFrontmatter(frontmatter: Frontmatter): string[] {
  const problems = LANDING_FIELDS.filter((field) => missing(frontmatter, field)).map(noField)
  const headline = text(frontmatter.headline)
  const highlight = text(frontmatter.highlight)
  if (headline && highlight && !headline.includes(highlight)) {
    problems.push(`its \`highlight\` "${highlight}" is not part of its \`headline\``)
  }
  return problems
}
