import fs from "fs"
import path from "path"
import { legalCommand } from "./legal-command"
import { isRealIsoDate } from "../i18n/format-date"
import { isLanguageCode } from "../i18n/languages"
import { LEGAL_DIR, LOCK_FILE, archivedFile, currentFile, isDocumentName } from "./legal-layout"
import { LegalError } from "./legal-error"

/** One version of a text as the lock records it; `file` is relative to content/legal. */
export type LockedVersion = { effectiveDate: string; file: string; sha256: string }

/** A text in one language: the version in force and the archived ones, oldest first. */
export type LockedText = { current: LockedVersion; archive: LockedVersion[] }

/** A correction of the version in force that needed no new version, recorded by `amend`. */
export type Amendment = {
  document: string
  lang: string
  effectiveDate: string
  from: string
  to: string
  recordedAt: string
}

/** content/legal/legal.lock.json: every text by document and language, and the amendments. */
export type LegalLock = { documents: Record<string, Record<string, LockedText>>; amendments: Amendment[] }

/** The lock file's path under a project root. */
export const lockPath = (root: string) => path.join(root, LEGAL_DIR, LOCK_FILE)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

function isVersion(value: unknown): value is LockedVersion {
  return isObject(value) && ["effectiveDate", "file", "sha256"].every((key) => typeof value[key] === "string")
}

function isText(value: unknown): value is LockedText {
  return isObject(value) && isVersion(value.current) && Array.isArray(value.archive) && value.archive.every(isVersion)
}

function isLock(value: unknown): value is LegalLock {
  return (
    isObject(value) &&
    isObject(value.documents) &&
    Object.values(value.documents).every((langs) => isObject(langs) && Object.values(langs).every(isText)) &&
    Array.isArray(value.amendments)
  )
}

/** Reads the lock of a project; a project without one has an empty lock. Throws a LegalError for a lock that is not one. */
export function readLock(root: string): LegalLock {
  const file = lockPath(root)
  if (!fs.existsSync(file)) return { documents: {}, amendments: [] }
  let parsed: unknown
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"))
  } catch (error) {
    throw new LegalError(
      `content/legal/${LOCK_FILE} is not valid JSON (${(error as Error).message}): restore it from git`,
    )
  }
  if (!isLock(parsed))
    throw new LegalError(`content/legal/${LOCK_FILE} does not have the shape of a lock: restore it from git`)
  const stray = strayEntry(parsed)
  if (stray)
    throw new LegalError(
      `content/legal/${LOCK_FILE} ${stray}: a lock names only the site's texts, in the files of content/legal/ the commands write; restore it from git`,
    )
  return parsed
}

/**
 * What in a lock is not one of the site's texts in its own file: a
 * document or language the site does not have, or a file other than the
 * one the layout gives its version (a path out of content/legal/ included),
 * which no command may then read or write. Null when there is none.
 */
function strayEntry(lock: LegalLock): string | null {
  for (const [document, langs] of Object.entries(lock.documents)) {
    if (!isDocumentName(document)) return `names the document ${JSON.stringify(document)}, which is no document name`
    for (const [lang, text] of Object.entries(langs)) {
      if (!isLanguageCode(lang))
        return `names the language ${JSON.stringify(lang)} for ${document}, which is not one of the site's`
      const versions: [LockedVersion, string][] = [
        [text.current, currentFile({ document, lang })],
        ...text.archive.map((version): [LockedVersion, string] => [
          version,
          archivedFile({ document, lang }, version.effectiveDate),
        ]),
      ]
      for (const [version, expected] of versions) {
        if (!isRealIsoDate(version.effectiveDate))
          return `dates a version of ${document} (${lang}) ${JSON.stringify(version.effectiveDate)}, which is not a date written as YYYY-MM-DD`
        if (version.file !== expected)
          return `names the file ${JSON.stringify(version.file)} for ${document} (${lang}) effective ${version.effectiveDate}, not content/legal/${expected}`
      }
    }
  }
  return null
}

const isLeaf = (value: unknown) =>
  isObject(value) && Object.values(value).every((item) => !isObject(item) && !Array.isArray(item))

/**
 * The lock as text for a pull request's diff: keys sorted, indented, and
 * each version or amendment on a line of its own, so a change of one
 * version is a change of one line.
 */
export function formatLock(lock: LegalLock): string {
  const write = (value: unknown, indent: string): string => {
    if (isLeaf(value))
      return `{ ${Object.keys(value as object)
        .sort()
        .map((key) => `${JSON.stringify(key)}: ${JSON.stringify((value as Record<string, unknown>)[key])}`)
        .join(", ")} }`
    const inner = `${indent}  `
    if (Array.isArray(value)) {
      return value.length === 0 ? "[]" : `[\n${value.map((item) => inner + write(item, inner)).join(",\n")}\n${indent}]`
    }
    if (isObject(value)) {
      const keys = Object.keys(value).sort()
      return keys.length === 0
        ? "{}"
        : `{\n${keys.map((key) => `${inner}${JSON.stringify(key)}: ${write(value[key], inner)}`).join(",\n")}\n${indent}}`
    }
    return JSON.stringify(value)
  }
  return `${write(lock, "")}\n`
}

/** Writes the lock of a project. */
export function writeLock(root: string, lock: LegalLock): void {
  fs.writeFileSync(lockPath(root), formatLock(lock))
}

/** The lock's record of a text, or a LegalError saying how to add it. */
export function lockedText(lock: LegalLock, document: string, lang: string): LockedText {
  const text = lock.documents[document]?.[lang]
  if (!text)
    throw new LegalError(
      `${document} (${lang}) is not in content/legal/${LOCK_FILE}: run ${legalCommand(["add", document], lang)} first`,
    )
  return text
}
