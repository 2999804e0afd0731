import { checkLegalTexts, type LegalProblem } from "./check-legal"
import { listLegalFiles } from "./legal-files"
import { ENGLISH, shownPath } from "./legal-layout"
import { versionsOf } from "./text-versions"
import { indexInForce } from "./version-in-force"
import { isOutdated } from "../content/outdated-translations"

/**
 * Where a text stands on a day: the date of its version in force and those
 * of every version published to take effect later, soonest first; whether it keeps up with English (a
 * translation is "outdated" when its newest version translates an older
 * English version than the newest, which `englishDate` then names); and
 * the legal check's problems with its files, so that status never calls a
 * text sound that the check refuses.
 */
export type TextStatus = {
  document: string
  lang: string
  inForce: string
  toCome: string[]
  state: "current" | "outdated"
  englishDate: string
  translationOf?: string
  problems: LegalProblem[]
}

/** What `status` reports: every text in force, by document, English first, then by language code; and the check's problems with no one text (the lock, a misnamed file). */
export type LegalStatus = { texts: TextStatus[]; otherProblems: LegalProblem[] }

/** The status of every legal text of a project on `day` (`YYYY-MM-DD`). */
export function legalStatus(root: string, day: string): LegalStatus {
  const problems = checkLegalTexts(root)
  const texts = listLegalFiles(root).current.map((text): TextStatus => {
    const versions = versionsOf(root, text.document, text.lang, "")
    const inForce = indexInForce(
      versions.map((version) => version.date),
      day,
    )
    const own = new Set(versions.map((version) => shownPath(version.file)))
    const common = {
      document: text.document,
      lang: text.lang,
      inForce: versions[inForce]?.date ?? "",
      toCome: versions.slice(inForce + 1).map((version) => version.date),
      problems: problems.filter((problem) => own.has(problem.file)),
    }
    const englishDate = versionsOf(root, text.document, ENGLISH, "").pop()?.date ?? ""
    if (text.lang === ENGLISH) return { ...common, state: "current", englishDate }
    const translationOf = versions[versions.length - 1]?.translationOf ?? ""
    return {
      ...common,
      state: isOutdated(translationOf, englishDate) ? "outdated" : "current",
      englishDate,
      translationOf,
    }
  })
  const ofTexts = new Set(texts.flatMap((text) => text.problems))
  return {
    texts: texts.sort(
      (a, b) =>
        a.document.localeCompare(b.document) ||
        Number(b.lang === ENGLISH) - Number(a.lang === ENGLISH) ||
        a.lang.localeCompare(b.lang),
    ),
    otherProblems: problems.filter((problem) => !ofTexts.has(problem)),
  }
}
