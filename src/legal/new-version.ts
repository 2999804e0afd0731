import { isRealIsoDate } from "../i18n/format-date"
import { legalCommand } from "./legal-command"
import { LegalError } from "./legal-error"
import { legalFileExists, readLegalFile, writeLegalFile } from "./legal-files"
import { checkLegalFrontmatter } from "../content/check-frontmatter"
import { ENGLISH, archivedFile, currentFile, shownPath } from "./legal-layout"
import { lockedText, readLock, writeLock } from "./legal-lock"
import { setFrontmatterDate } from "./set-frontmatter-date"
import { hashText, splitLegalSource, versionDate, versionDateField } from "./legal-text"
import { findTextInForce } from "./text-in-force"

/** The files a new version wrote, relative to the project root. */
export type NewVersionResult = { archived: string; current: string }

/**
 * Starts a new version of a text: copies the version in force, verbatim, to
 * the archive under its effective date, sets the text's effective date (only
 * that frontmatter line) to `date`, and records both in the lock. Throws a
 * LegalError, changing nothing, for a date that is not real or not after
 * the current one, or when the text in force cannot be found.
 */
export function newVersion(root: string, document: string, date: string, lang: string = ENGLISH): NewVersionResult {
  const lock = readLock(root)
  const locked = lockedText(lock, document, lang)
  const file = currentFile({ document, lang })
  const shown = shownPath(file)
  if (!isRealIsoDate(date)) throw new LegalError(`${date} is not a real date written as YYYY-MM-DD`)
  const was = locked.current.effectiveDate
  if (date <= was)
    throw new LegalError(`${date} is not after ${was}, the effective date of the version in force of ${shown}`)
  if (!legalFileExists(root, file)) throw new LegalError(`${shown} does not exist`)
  const working = readLegalFile(root, file)
  const { frontmatter } = splitLegalSource(working)
  const problems = checkLegalFrontmatter(frontmatter, lang !== ENGLISH)
  if (problems.length > 0) throw new LegalError(`${shown}: ${problems.join("; ")}`)
  const field = versionDateField(frontmatter, lang)
  if (versionDate(frontmatter, lang) !== was) {
    throw new LegalError(
      `${shown} has the \`${field}\` ${versionDate(frontmatter, lang)}, but the version in force is dated ${was}: set it back to ${was} and run this again`,
    )
  }
  const archive = archivedFile({ document, lang }, was)
  if (legalFileExists(root, archive))
    throw new LegalError(`${shownPath(archive)} exists already: archived versions are never overwritten`)
  const inForce = findTextInForce(root, file, working, locked.current.sha256)
  if (inForce === null) {
    throw new LegalError(
      `the text of ${shown} in force on ${was} is neither in the file nor in git, so it cannot be archived: restore it, run ${legalCommand(["new-version", document, date], lang)}, then make the changes`,
    )
  }
  const updated = setFrontmatterDate(working, field, date)
  writeLegalFile(root, archive, inForce)
  writeLegalFile(root, file, updated)
  locked.archive.push({ effectiveDate: was, file: archive, sha256: locked.current.sha256 })
  locked.current = { effectiveDate: date, file, sha256: hashText(updated) }
  writeLock(root, lock)
  return { archived: shownPath(archive), current: shown }
}
