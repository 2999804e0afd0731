import fs from "fs"
import path from "path"
import { LegalError } from "./legal-error"
import { LEGAL_DIR, parseArchivedName, parseCurrentName, type TextId } from "./legal-layout"

/** A file of content/legal that holds a version of a text; `file` is relative to content/legal. */
export type VersionFile = TextId & { file: string }

/** What content/legal holds: the texts in force, the archived versions (with the date their name gives), and Markdown files named like neither. */
export type LegalFiles = { current: VersionFile[]; archived: (VersionFile & { date: string })[]; misnamed: string[] }

const markdownIn = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
        .map((entry) => entry.name)
        .sort()
    : []

const foldersIn = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : []

/** Lists the legal texts of a project, in force and archived, by reading content/legal (not git). */
export function listLegalFiles(root: string): LegalFiles {
  const dir = path.join(root, LEGAL_DIR)
  const files: LegalFiles = { current: [], archived: [], misnamed: [] }
  for (const name of markdownIn(dir)) {
    const id = parseCurrentName(name)
    if (id) files.current.push({ ...id, file: name })
    else files.misnamed.push(name)
  }
  for (const document of foldersIn(path.join(dir, "archive"))) {
    for (const name of markdownIn(path.join(dir, "archive", document))) {
      const file = `archive/${document}/${name}`
      const version = parseArchivedName(name)
      if (version) files.archived.push({ document, lang: version.lang, date: version.date, file })
      else files.misnamed.push(file)
    }
  }
  return files
}

/** The full path of a file of content/legal; a LegalError for a path that leads out of it, which no command reads or writes. */
function inLegalDir(root: string, file: string): string {
  const dir = path.resolve(root, LEGAL_DIR)
  const full = path.resolve(dir, file)
  if (!full.startsWith(dir + path.sep)) throw new LegalError(`${JSON.stringify(file)} is not a file of content/legal/`)
  return full
}

/** Reads a file of content/legal as it is on disk. */
export function readLegalFile(root: string, file: string): string {
  return fs.readFileSync(inLegalDir(root, file), "utf8")
}

/** Whether a file of content/legal exists. */
export function legalFileExists(root: string, file: string): boolean {
  return fs.existsSync(inLegalDir(root, file))
}

/** Writes a file of content/legal, creating its folder. */
export function writeLegalFile(root: string, file: string, text: string): void {
  const full = inLegalDir(root, file)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, text)
}
