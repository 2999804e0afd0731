const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const isRealDate = (value: string): boolean => {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * A frontmatter value as written in the file, before YAML turns it into
 * anything (YAML quietly rolls "2025-02-30" over into March, for one).
 */
export function rawFrontmatterValue(source: string, key: string): string | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1]
  const line = block?.split(/\r?\n/).find((candidate) => candidate.startsWith(`${key}:`))
  if (line === undefined) return undefined
  return line.slice(key.length + 1).trim().replace(/^(["'])(.*)\1$/, "$2")
}

/**
 * The checks a legal document must pass before the site builds: a title and
 * an effective date written as YYYY-MM-DD. Takes the file's text; returns the
 * problems found, each a sentence; an empty list means the file is fine.
 */
export function checkLegalFrontmatter(source: string): string[] {
  const problems: string[] = []
  const title = rawFrontmatterValue(source, "title")
  if (!title) problems.push("it has no `title` in its frontmatter")
  const date = rawFrontmatterValue(source, "effectiveDate")
  if (!date) problems.push("it has no `effectiveDate` in its frontmatter")
  else if (!isRealDate(date)) problems.push(`its \`effectiveDate\` "${date}" is not a real date written as YYYY-MM-DD`)
  return problems
}
