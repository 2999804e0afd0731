import { siteFacts, type SiteFacts } from "../config/site-facts"
import { isOutdated } from "../content/outdated-translations"
import { formatDate } from "../i18n/format-date"
import { changesPages } from "./changes-pages"
import { listLegalFiles } from "./legal-files"
import { ENGLISH } from "./legal-layout"
import type {
  LegalPage,
  LegalPageContext,
  LegalVersionsContext,
  NextVersion,
  VersionStatus,
} from "./legal-page-context"
import { changesPath, versionsOf, type Text, type Version } from "./text-versions"
import { indexInForce } from "./version-in-force"

/** The day the pages show (`YYYY-MM-DD`); where they are: `pathPrefix` ("/es", or "" for English) before every path; the facts that fill the tokens. */
export type LegalPagesOptions = { day: string; lang?: string; pathPrefix?: string; facts?: SiteFacts }

const statusOf = (index: number, inForce: number): VersionStatus =>
  index === inForce ? "inForce" : index > inForce ? "upcoming" : "earlier"

/**
 * What the page in force announces: the text's next version, or for a
 * translation not yet made of the next English version, the English one.
 */
function nextVersion({ document, lang, prefix, versions, inForce, english, englishInForce }: Text): NextVersion | null {
  const [own, englishNext] = [versions[inForce + 1], englishInForce < 0 ? undefined : english[englishInForce + 1]]
  const next = own ?? englishNext
  if (!next) return null
  return {
    effectiveDateText: formatDate(lang, next.date),
    path: next.path,
    changesPath: changesPath(own ? prefix : "", document, next),
    lang: own ? lang : ENGLISH,
  }
}

/** The page of a version at `pagePath`: the document's own, or the version's. */
function versionPage(text: Text, index: number, pagePath: string): LegalPageContext {
  const { document, lang, prefix, versions, inForce, english, englishInForce } = text
  const version = versions[index] as Version
  const status = statusOf(index, inForce)
  const dateText = (date: string) => formatDate(lang, date)
  const currentPath = `${prefix}/${document}`
  const { translationOf } = version
  // The English version this one translates, where a reader of an earlier or upcoming translation finds what prevails.
  const englishPath =
    status !== "inForce" && english.some((other) => other.date === translationOf)
      ? `/${document}/${translationOf}`
      : `/${document}`
  return {
    document,
    lang,
    title: version.title,
    pagePath,
    currentPath,
    versionsPath: `${prefix}/${document}/versions`,
    file: version.file,
    status,
    isCurrentPage: pagePath === currentPath,
    effectiveDate: version.date,
    effectiveDateText: dateText(version.date),
    endDateText: status === "earlier" ? dateText(versions[index + 1]?.date ?? "") : null,
    inForceDateText: status === "upcoming" ? dateText(versions[inForce]?.date ?? "") : null,
    next: status === "inForce" ? nextVersion(text) : null,
    changesPath: index > 0 ? changesPath(prefix, document, version) : null,
    hasOtherVersions: versions.length > 1,
    translation:
      translationOf === null
        ? null
        : {
            englishPath,
            translationOf,
            outdated: status === "inForce" && isOutdated(translationOf, english[englishInForce]?.date),
          },
  }
}

/** The list of a text's versions, newest first, each marked with its standing. */
function versionsPage({ document, lang, prefix, versions, inForce }: Text): LegalVersionsContext {
  const versionsPath = `${prefix}/${document}/versions`
  const currentPath = `${prefix}/${document}`
  const list = versions.map((version, index) => ({
    effectiveDate: version.date,
    effectiveDateText: formatDate(lang, version.date),
    path: index === inForce ? currentPath : version.path,
    status: statusOf(index, inForce),
    changesPath: index > 0 ? changesPath(prefix, document, version) : null,
  }))
  return {
    document,
    lang,
    title: versions[inForce]?.title ?? "",
    pagePath: versionsPath,
    currentPath,
    versionsPath,
    versions: list.reverse(),
  }
}

/**
 * The pages of the legal texts in one language as they are on `day`: for
 * each document, its own page `<prefix>/<document>` showing the version in
 * force that day (and the next one, when published), a page per version at
 * `<prefix>/<document>/<date>` saying whether it is in force, upcoming or
 * earlier, the list `<prefix>/<document>/versions`, and for each version
 * after the first `<prefix>/<document>/changes/<date>`.
 * @param root the project folder
 */
export function legalPages(
  root: string,
  { day, lang = ENGLISH, pathPrefix = "", facts = siteFacts }: LegalPagesOptions,
): LegalPage[] {
  const documents = listLegalFiles(root)
    .current.filter((file) => file.lang === lang)
    .map((file) => file.document)
  return documents.flatMap((document): LegalPage[] => {
    const versions = versionsOf(root, document, lang, pathPrefix)
    const english = lang === ENGLISH ? [] : versionsOf(root, document, ENGLISH, "")
    const text: Text = {
      document,
      lang,
      prefix: pathPrefix,
      versions,
      inForce: indexInForce(
        versions.map((version) => version.date),
        day,
      ),
      english,
      englishInForce: indexInForce(
        english.map((version) => version.date),
        day,
      ),
    }
    if (text.inForce < 0) return []
    const currentPath = `${pathPrefix}/${document}`
    return [
      { path: currentPath, template: "page", context: versionPage(text, text.inForce, currentPath) },
      ...versions.map((version, index): LegalPage => ({
        path: version.path,
        template: "page",
        context: versionPage(text, index, version.path),
      })),
      { path: `${pathPrefix}/${document}/versions`, template: "versions", context: versionsPage(text) },
      ...changesPages(text, facts),
    ]
  })
}
