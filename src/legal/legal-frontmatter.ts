import { checkLegalFrontmatter, isRealIsoDate } from "../content/check-frontmatter"
import { ENGLISH } from "./legal-layout"

/** Stands in for a translation's absent `effectiveDate`, which is optional, so that only its title is checked. */
const ANY_REAL_DATE = "2000-01-01"

/**
 * The checks a legal text's frontmatter must pass: the site's own
 * (a title, a real `effectiveDate`) for English; for a translation, a title,
 * a real `translationOf` (the effective date of the English text it
 * translates) and, when it has one, a real `effectiveDate`.
 */
export function checkLegalTextFrontmatter(frontmatter: Record<string, unknown>, lang: string): string[] {
  if (lang === ENGLISH) return checkLegalFrontmatter(frontmatter)
  const problems = checkLegalFrontmatter({ ...frontmatter, effectiveDate: frontmatter.effectiveDate ?? ANY_REAL_DATE })
  const translationOf = frontmatter.translationOf
  if (translationOf === undefined || translationOf === null || translationOf === "") {
    problems.push("it has no `translationOf` in its frontmatter (the effective date of the English text it translates)")
  } else if (!isRealIsoDate(translationOf)) {
    problems.push(`its \`translationOf\` "${String(translationOf)}" is not a real date written as YYYY-MM-DD`)
  }
  return problems
}
