import { isRealIsoDate } from "../i18n/format-date"
import { legalCommand } from "./legal-command"
import { legalFileExists, listLegalFiles, readLegalFile, type LegalFiles } from "./legal-files"
import { checkLegalFrontmatter, frontmatterLine, problemLine } from "../content/check-frontmatter"
import { ENGLISH, LOCK_FILE, currentFile, shownPath } from "./legal-layout"
import { LegalError } from "./legal-error"
import { readLock, type LegalLock } from "./legal-lock"
import { hashText, splitLegalSource, versionDate, versionDateField } from "./legal-text"
import { markdownProblems } from "./render-markdown"

/** Something wrong with the legal texts: the file (relative to the project root), the line it is on when one is, and what to do about it. */
export type LegalProblem = { file: string; line?: number; message: string }

const LOCK = `content/legal/${LOCK_FILE}`

/**
 * Checks the legal texts of a project against their lock: every text in
 * force and every archived version is in the lock with the hash of its
 * content, a changed text has a new effective date, archived versions are
 * untouched, dates increase, the frontmatter is valid, and every text is
 * Markdown without raw HTML. Returns the problems, each naming its file
 * and saying what to run; an empty list means all is well.
 */
export function checkLegalTexts(root: string): LegalProblem[] {
  let lock: LegalLock
  try {
    lock = readLock(root)
  } catch (error) {
    if (error instanceof LegalError) return [{ file: LOCK, message: error.message }]
    throw error
  }
  const files = listLegalFiles(root)
  const markdownOnly = [...files.current, ...files.archived].flatMap(({ file }) =>
    markdownProblems(readLegalFile(root, file)).map(({ line, message }) => ({ file: shownPath(file), line, message })),
  )
  return [
    ...checkNames(files),
    ...checkCurrent(root, lock, files),
    ...checkArchived(root, lock, files),
    ...markdownOnly,
    ...checkLockedFilesExist(root, lock),
  ]
}

function checkNames(files: LegalFiles): LegalProblem[] {
  const problems = files.misnamed.map((file) => ({
    file: shownPath(file),
    message:
      "is not named like a legal text: <document>.md or <document>.<lang>.md, and archive/<document>/<YYYY-MM-DD>[.<lang>].md",
  }))
  for (const text of files.current) {
    if (text.file !== currentFile(text))
      problems.push({
        file: shownPath(text.file),
        message: `is English, whose file has no language suffix: name it ${currentFile(text)}`,
      })
  }
  return problems
}

function checkCurrent(root: string, lock: LegalLock, files: LegalFiles): LegalProblem[] {
  const problems: LegalProblem[] = []
  for (const text of files.current) {
    const file = shownPath(text.file)
    const raw = readLegalFile(root, text.file)
    const { frontmatter } = splitLegalSource(raw)
    const frontmatterProblems = checkLegalFrontmatter(frontmatter, text.lang !== ENGLISH)
    const lineOf = (field: string) => frontmatterLine(raw, field)
    problems.push(...frontmatterProblems.map((message) => ({ file, line: problemLine(raw, message), message })))
    const locked = lock.documents[text.document]?.[text.lang]
    if (!locked) {
      problems.push({
        file,
        message: `is not in ${LOCK}: run ${legalCommand(["add", text.document], text.lang)} to record it`,
      })
      continue
    }
    if (frontmatterProblems.length > 0) continue
    const field = versionDateField(frontmatter, text.lang)
    const date = versionDate(frontmatter, text.lang)
    const was = locked.current.effectiveDate
    if (hashText(raw) !== locked.current.sha256) {
      problems.push({
        file,
        line: lineOf(field),
        message:
          date === was
            ? `has changed, but its \`${field}\` is still ${was}: run ${legalCommand(["new-version", text.document, "<YYYY-MM-DD>"], text.lang)} for a new version, or ${legalCommand(["amend", text.document], text.lang)} for a correction that needs none`
            : `has its \`${field}\` changed by hand from ${was} to ${date}: set it back to ${was}, then run ${legalCommand(["new-version", text.document, date], text.lang)}, which archives the version in force and sets the new date`,
      })
    }
    const archived = files.archived.filter(
      (version) => version.document === text.document && version.lang === text.lang,
    )
    const last = archived
      .map((version) => version.date)
      .sort()
      .pop()
    if (last !== undefined && last >= date) {
      problems.push({
        file,
        line: lineOf(field),
        message: `has the \`${field}\` ${date}, which is not after its last archived version's (${last}): effective dates must strictly increase`,
      })
    }
    if (text.lang !== ENGLISH)
      problems.push(
        ...checkTranslationOf(lock, text.document, frontmatter.translationOf, file).map((problem) => ({
          ...problem,
          line: lineOf("translationOf"),
        })),
      )
  }
  return problems
}

function checkTranslationOf(lock: LegalLock, document: string, translationOf: unknown, file: string): LegalProblem[] {
  const english = lock.documents[document]?.[ENGLISH]
  if (!english) return [{ file, message: `translates ${document}, which has no English text in ${LOCK}` }]
  const dates = [...english.archive, english.current].map((version) => version.effectiveDate)
  if (dates.includes(String(translationOf))) return []
  return [
    {
      file,
      message: `has the \`translationOf\` ${String(translationOf)}, which is not the date of any English version of ${document} (${dates.join(", ")})`,
    },
  ]
}

function checkArchived(root: string, lock: LegalLock, files: LegalFiles): LegalProblem[] {
  const problems: LegalProblem[] = []
  for (const version of files.archived) {
    const file = shownPath(version.file)
    const locked = lock.documents[version.document]?.[version.lang]?.archive.find(
      (entry) => entry.file === version.file,
    )
    if (!locked) {
      problems.push({
        file,
        message: `is not in ${LOCK}: archived versions are written by ${legalCommand(["new-version", version.document, "<YYYY-MM-DD>"], version.lang)}, never by hand`,
      })
      continue
    }
    const raw = readLegalFile(root, version.file)
    if (hashText(raw) !== locked.sha256) {
      problems.push({
        file,
        message: `has been edited, and archived versions are never edited: restore it with \`git checkout -- ${file}\` and correct the text in force instead`,
      })
    }
    const { frontmatter } = splitLegalSource(raw)
    const date = versionDate(frontmatter, version.lang)
    if (!isRealIsoDate(date) || date !== version.date)
      problems.push({
        file,
        line: frontmatterLine(raw, versionDateField(frontmatter, version.lang)),
        message: `is dated ${date || "nothing"} in its frontmatter, not ${version.date} as its name says`,
      })
  }
  return problems
}

function checkLockedFilesExist(root: string, lock: LegalLock): LegalProblem[] {
  const problems: LegalProblem[] = []
  for (const langs of Object.values(lock.documents)) {
    for (const text of Object.values(langs)) {
      if (!legalFileExists(root, text.current.file)) {
        problems.push({
          file: shownPath(text.current.file),
          message: `is named in ${LOCK} but does not exist: restore it from git, or remove its entry from the lock if the document is withdrawn`,
        })
      }
      for (const version of text.archive) {
        if (!legalFileExists(root, version.file)) {
          problems.push({
            file: shownPath(version.file),
            message: `is named in ${LOCK} but does not exist: archived versions are never deleted, restore it from git`,
          })
        }
      }
    }
  }
  return problems
}
