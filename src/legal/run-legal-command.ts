import { LANGUAGES, isLanguageCode } from "../i18n/languages"
import { addText } from "./add-text"
import { amend } from "./amend"
import { checkLegalTexts } from "./check-legal"
import { LegalError } from "./legal-error"
import { listLegalFiles } from "./legal-files"
import { ENGLISH, LOCK_FILE, isDocumentName } from "./legal-layout"
import { readLock } from "./legal-lock"
import { legalStatus, type TextStatus } from "./legal-status"
import { newVersion } from "./new-version"
import { utcDay } from "./version-in-force"
import { counted } from "../words/counted"
import { listed } from "../words/listed"

/** What `npm run legal` prints when the command is missing or wrong. */
export const USAGE = `Usage: npm run legal -- <command> [--lang <code>] [--root <dir>]

Commands:
  check                               check the legal texts against content/legal/${LOCK_FILE}
  status                              say which version of each text is in force and which comes, which
                                      translations lag behind the English text, and what check finds
  new-version <document> <YYYY-MM-DD> archive the version in force and date the text anew
  amend <document>                    record a correction of the version in force that needs no new version
  add <document>                      record a new document or translation in the lock

--lang <code> names a translation (es, fr, de, pt-br, ja) for new-version, amend and add;
without it, the English text. --root <dir> (or LEGAL_ROOT) works on another project folder.
`

/** The output streams of a command. */
export type LegalIo = { out: (text: string) => void; err: (text: string) => void }

type Parsed = { words: string[]; lang: string; root: string }

function parse(args: string[], defaultRoot: string): Parsed | null {
  const parsed: Parsed = { words: [], lang: ENGLISH, root: defaultRoot }
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? ""
    if (arg === "--lang" || arg === "--root") {
      const value = args[index + 1]
      if (value === undefined || value.startsWith("--")) return null
      if (arg === "--lang") parsed.lang = value
      else parsed.root = value
      index += 1
    } else if (arg.startsWith("--")) return null
    else parsed.words.push(arg)
  }
  return parsed
}

function describeStatus(text: TextStatus): string {
  const toCome = text.toCome.length > 0 ? `, ${listed(text.toCome)} to come` : ""
  const versions = `${text.inForce || "no date"} in force${toCome}`
  const outdated =
    text.state === "outdated"
      ? `; outdated, translates ${text.translationOf || "no date"} but the English text is effective ${text.englishDate}`
      : ""
  const problems =
    text.problems.length > 0 ? `; fails the check (${counted(text.problems.length, "problem")}, below)` : ""
  return `${text.document} ${text.lang}: ${versions}${outdated}${problems}`
}

/** The site's legal documents: those with a text in content/legal, and those its lock records. */
const siteDocuments = (root: string) =>
  [
    ...new Set([
      ...listLegalFiles(root).current.map((text) => text.document),
      ...Object.keys(readLock(root).documents),
    ]),
  ].sort()

/**
 * Refuses a language or a document that is not one of the site's before a
 * command reads or writes a file by its name (`add ../../x` would reach
 * outside content/legal/).
 */
function checkNames(root: string, lang: string, document: string | undefined) {
  if (!isLanguageCode(lang))
    throw new LegalError(
      `${JSON.stringify(lang)} is not a language of the site: ${LANGUAGES.map(({ code }) => code).join(", ")}`,
    )
  if (document === undefined) return
  const documents = siteDocuments(root)
  if (!isDocumentName(document) || !documents.includes(document))
    throw new LegalError(`${JSON.stringify(document)} is not a legal text of the site: ${documents.join(", ")}`)
}

function run({ words: [name, ...rest], lang, root }: Parsed, io: LegalIo, now: Date): number | null {
  const takesLang = name === "new-version" || name === "amend" || name === "add"
  if (lang !== ENGLISH && !takesLang) return null
  if (takesLang) checkNames(root, lang, rest[0])
  if (name === "check" && rest.length === 0) {
    const problems = checkLegalTexts(root)
    for (const problem of problems) io.err(`${problem.file}: ${problem.message}\n`)
    if (problems.length > 0) return 1
    io.out(`The legal texts match content/legal/${LOCK_FILE}.\n`)
    return 0
  }
  if (name === "status" && rest.length === 0) {
    const { texts, otherProblems } = legalStatus(root, utcDay(now))
    io.out(texts.map((text) => `${describeStatus(text)}\n`).join(""))
    // The check's own problems, so status and check never disagree about a text.
    const problems = [...texts.flatMap((text) => text.problems), ...otherProblems]
    for (const problem of problems) io.err(`${problem.file}: ${problem.message}\n`)
    return problems.length > 0 ? 1 : 0
  }
  const [document, date] = rest
  if (name === "new-version" && document && date && rest.length === 2) {
    const written = newVersion(root, document, date, lang)
    io.out(`Archived the version in force as ${written.archived}; ${written.current} is now effective ${date}.\n`)
    return 0
  }
  if (name === "amend" && document && rest.length === 1) {
    const amendment = amend(root, document, lang)
    io.out(
      `Recorded an amendment of ${document} (${lang}) effective ${amendment.effectiveDate} in content/legal/${LOCK_FILE}.\n`,
    )
    return 0
  }
  if (name === "add" && document && rest.length === 1) {
    const version = addText(root, document, lang)
    io.out(
      `Recorded content/legal/${version.file}, effective ${version.effectiveDate}, in content/legal/${LOCK_FILE}.\n`,
    )
    return 0
  }
  return null
}

/**
 * Runs one command of `npm run legal` and returns the exit code: 0 when
 * it succeeded, 1 for problems found by `check` (or `status`), a refused
 * command or arguments that name no command (with the usage).
 * @param defaultRoot the project folder, unless the arguments name another
 * @param now the time `status` tells the version in force for
 */
export function runLegalCommand(args: string[], defaultRoot: string, io: LegalIo, now: Date = new Date()): number {
  const parsed = parse(args, defaultRoot)
  try {
    const code = parsed ? run(parsed, io, now) : null
    if (code !== null) return code
  } catch (error) {
    if (!(error instanceof LegalError)) throw error
    io.err(`${error.message}\n`)
    return 1
  }
  io.err(USAGE)
  return 1
}
