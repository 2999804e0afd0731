import { listLegalFiles, readLegalFile } from "./legal-files"
import { ENGLISH } from "./legal-layout"
import { splitLegalSource, versionDate } from "./legal-text"

/** A version of a legal text as its file holds it, with the path of its own page. */
export type Version = {
  date: string
  file: string
  path: string
  title: string
  translationOf: string | null
  body: string
  bodyLine: number
}

/** A text on a day: its versions and the index of the one in force, and for a translation the English ones. */
export type Text = {
  document: string
  lang: string
  prefix: string
  versions: Version[]
  inForce: number
  english: Version[]
  englishInForce: number
}

/** The page of what a version changes in the one before it. */
export const changesPath = (prefix: string, document: string, version: Version) =>
  `${prefix}/${document}/changes/${version.date}`

const text = (value: unknown) => (typeof value === "string" ? value : "")

/**
 * A text's versions, oldest first: the archived ones by date, then the text
 * in force (last whatever its date says, which a develop preview may hold
 * wrong). Each version's page is `<prefix>/<document>/<date>`.
 */
export function versionsOf(root: string, document: string, lang: string, prefix: string): Version[] {
  const files = listLegalFiles(root)
  const current = files.current.filter((file) => file.document === document && file.lang === lang)
  const archived = files.archived
    .filter((file) => file.document === document && file.lang === lang)
    .sort((a, b) => a.date.localeCompare(b.date))
  return [...archived, ...current].map((file) => {
    const { frontmatter, body, bodyLine } = splitLegalSource(readLegalFile(root, file.file))
    const date = versionDate(frontmatter, lang)
    const translationOf = lang === ENGLISH ? null : text(frontmatter.translationOf) || null
    return {
      date,
      file: file.file,
      path: `${prefix}/${document}/${date}`,
      title: text(frontmatter.title),
      translationOf,
      body,
      bodyLine,
    }
  })
}
