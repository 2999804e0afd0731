import { LegalError } from "./legal-error"
import { legalFileExists, readLegalFile } from "./legal-files"
import { checkLegalFrontmatter } from "../content/check-frontmatter"
import { ENGLISH, currentFile, shownPath } from "./legal-layout"
import { readLock, writeLock, type LockedVersion } from "./legal-lock"
import { hashText, splitLegalSource, versionDate } from "./legal-text"

/**
 * Records a text the lock does not know yet (a new document, or a new
 * translation beside content/legal/<document>.md) as its first version.
 * Throws a LegalError for a text that is missing, invalid or already recorded.
 */
export function addText(root: string, document: string, lang: string = ENGLISH): LockedVersion {
  const lock = readLock(root)
  const file = currentFile({ document, lang })
  const shown = shownPath(file)
  if (lock.documents[document]?.[lang]) throw new LegalError(`${shown} is in the lock already`)
  if (!legalFileExists(root, file)) throw new LegalError(`${shown} does not exist`)
  const raw = readLegalFile(root, file)
  const { frontmatter } = splitLegalSource(raw)
  const problems = checkLegalFrontmatter(frontmatter, lang !== ENGLISH)
  if (problems.length > 0) throw new LegalError(`${shown}: ${problems.join("; ")}`)
  const version = { effectiveDate: versionDate(frontmatter, lang), file, sha256: hashText(raw) }
  lock.documents[document] = { ...lock.documents[document], [lang]: { current: version, archive: [] } }
  writeLock(root, lock)
  return version
}
