/**
 * Where the legal texts live and how their files are named. A language is a
 * parameter everywhere: English, the language the others translate, is the
 * file without a suffix.
 *
 * content/legal/<document>.md                          the English text in force
 * content/legal/<document>.<lang>.md                   a translation in force
 * content/legal/archive/<document>/<YYYY-MM-DD>.md        an English version no longer in force
 * content/legal/archive/<document>/<YYYY-MM-DD>.<lang>.md a translation no longer in force
 * content/legal/legal.lock.json                        the hashes and dates of all of them
 */
import path from "path"
import { DEFAULT_LANGUAGE } from "../i18n/languages"

/** The language the others translate (the site's default); its files have no language suffix. */
export const ENGLISH = DEFAULT_LANGUAGE

/** The folder of the legal texts, relative to the project root. */
export const LEGAL_DIR = path.join("content", "legal")

/** The lock file's name inside LEGAL_DIR. */
export const LOCK_FILE = "legal.lock.json"

const DOCUMENT_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const CURRENT_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.([a-z]{2}(?:-[a-z]{2})?))?\.md$/
const ARCHIVED_NAME = /^(\d{4}-\d{2}-\d{2})(?:\.([a-z]{2}(?:-[a-z]{2})?))?\.md$/

/** One legal text: a document in one language. */
export type TextId = { document: string; lang: string }

const suffix = (lang: string) => (lang === ENGLISH ? "" : `.${lang}`)

/** The path of a text in force, relative to LEGAL_DIR: "privacy-policy.md", "privacy-policy.es.md". */
export function currentFile({ document, lang }: TextId): string {
  return `${document}${suffix(lang)}.md`
}

/** The path of an archived version, relative to LEGAL_DIR: "archive/privacy-policy/2025-05-25.es.md". */
export function archivedFile({ document, lang }: TextId, date: string): string {
  return `archive/${document}/${date}${suffix(lang)}.md`
}

/** Whether a text is named like a legal document (`privacy-policy`): lower-case words and hyphens, so never a path. */
export const isDocumentName = (name: string): boolean => DOCUMENT_NAME.test(name)

/** The document and language a file name in LEGAL_DIR stands for, or null for a name that is not a legal text's. */
export function parseCurrentName(name: string): TextId | null {
  const match = CURRENT_NAME.exec(name)
  return match ? { document: match[1] ?? "", lang: match[2] ?? ENGLISH } : null
}

/** The date and language a file name in archive/<document>/ stands for, or null for any other name. */
export function parseArchivedName(name: string): { date: string; lang: string } | null {
  const match = ARCHIVED_NAME.exec(name)
  return match ? { date: match[1] ?? "", lang: match[2] ?? ENGLISH } : null
}

/**
 * The text, and for an archived version the date, that a path relative to
 * LEGAL_DIR names ("privacy-policy.es.md", "archive/privacy-policy/2025-05-25.es.md");
 * null for a path named like neither.
 */
export function parseLegalPath(file: string): (TextId & { date: string | null }) | null {
  const [first = "", document = "", name = "", ...rest] = file.split("/")
  if (!document) {
    const text = parseCurrentName(first)
    return text && { ...text, date: null }
  }
  const version = first === "archive" && isDocumentName(document) && rest.length === 0 ? parseArchivedName(name) : null
  return version && { document, lang: version.lang, date: version.date }
}

/** The path shown to people: relative to the project root, with forward slashes. */
export function shownPath(fileInLegalDir: string): string {
  return `content/legal/${fileInLegalDir}`
}
