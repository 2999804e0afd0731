import { rawFrontmatterValue } from "./check-legal-frontmatter"

const REQUIRED = ["title", "headline", "highlight", "subtext", "mockupAlt"] as const

/**
 * The checks the landing copy must pass before the site builds. Takes the
 * file's text; returns the problems found, each a sentence; an empty list
 * means the file is fine.
 */
export function checkLandingFrontmatter(source: string): string[] {
  const problems = REQUIRED.filter((field) => !rawFrontmatterValue(source, field)).map(
    (field) => `it has no \`${field}\` in its frontmatter`,
  )
  const headline = rawFrontmatterValue(source, "headline")
  const highlight = rawFrontmatterValue(source, "highlight")
  if (headline && highlight && !headline.includes(highlight)) {
    problems.push(`its \`highlight\` "${highlight}" is not part of its \`headline\``)
  }
  return problems
}
