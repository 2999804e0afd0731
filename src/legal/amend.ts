import { LegalError } from "./legal-error"
import { legalFileExists, readLegalFile } from "./legal-files"
import { checkLegalFrontmatter } from "../content/check-frontmatter"
import { ENGLISH, currentFile, shownPath } from "./legal-layout"
import { lockedText, readLock, writeLock, type Amendment } from "./legal-lock"
import { legalCommand } from "./legal-command"
import { hashText, splitLegalSource, versionDate } from "./legal-text"

/**
 * Records a correction of the version in force that needs no new version
 * (a typo, a broken link): the lock takes the text's new hash and lists the
 * amendment, old hash to new, so the pull request's diff shows it. Throws
 * a LegalError, changing nothing, when the text is unchanged, its date
 * changed (that is a new version) or its frontmatter is invalid.
 * @param now when the amendment is recorded
 */
export function amend(root: string, document: string, lang: string = ENGLISH, now: Date = new Date()): Amendment {
  const lock = readLock(root)
  const locked = lockedText(lock, document, lang)
  const file = currentFile({ document, lang })
  const shown = shownPath(file)
  if (!legalFileExists(root, file)) throw new LegalError(`${shown} does not exist`)
  const raw = readLegalFile(root, file)
  const { frontmatter } = splitLegalSource(raw)
  const problems = checkLegalFrontmatter(frontmatter, lang !== ENGLISH)
  if (problems.length > 0) throw new LegalError(`${shown}: ${problems.join("; ")}`)
  const sha256 = hashText(raw)
  if (sha256 === locked.current.sha256)
    throw new LegalError(`${shown} has not changed since the lock recorded it: there is nothing to amend`)
  const date = versionDate(frontmatter, lang)
  if (date !== locked.current.effectiveDate) {
    throw new LegalError(
      `${shown} is dated ${date}, not ${locked.current.effectiveDate} as the version in force: a new date is a new version, set it back and run ${legalCommand(["new-version", document, date], lang)}`,
    )
  }
  const amendment: Amendment = {
    document,
    lang,
    effectiveDate: date,
    from: locked.current.sha256,
    to: sha256,
    recordedAt: now.toISOString(),
  }
  lock.amendments.push(amendment)
  locked.current.sha256 = sha256
  writeLock(root, lock)
  return amendment
}
