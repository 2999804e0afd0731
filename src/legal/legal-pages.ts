import { siteFacts, type SiteFacts } from "../config/site-facts"
import { isOutdated } from "../content/outdated-translations"
import { formatDate } from "../i18n/format-date"
import { changedSections, diffLegalBlocks, type DiffBlock } from "./diff-versions"
import { legalBlocks } from "./legal-blocks"
import { listLegalFiles, readLegalFile } from "./legal-files"
import { ENGLISH, shownPath } from "./legal-layout"
import type { LegalChangesContext, LegalPageContext, LegalVersionsContext, NextVersion, VersionStatus } from "./legal-page-context"
import { parseLegalMarkdown } from "./render-markdown"
import { splitLegalSource, versionDate } from "./legal-text"
import { indexInForce } from "./version-in-force"

/** A page to create from gatsby-node, with the template (src/templates/legal-<template>.tsx) and its context. */
export type LegalPage =
  | { path: string; template: "page"; context: LegalPageContext }
  | { path: string; template: "versions"; context: LegalVersionsContext }
  | { path: string; template: "changes"; context: LegalChangesContext }

/** The day the pages show (`YYYY-MM-DD`); where they are: `pathPrefix` ("/es", or "" for English) before every path; the facts that fill the tokens. */
export type LegalPagesOptions = { day: string; lang?: string; pathPrefix?: string; facts?: SiteFacts }

type Version = { date: string; file: string; path: string; title: string; translationOf: string | null; body: string; bodyLine: number }

const text = (value: unknown) => (typeof value === "string" ? value : "")

/** A text's versions, oldest first: the archived ones by date, then the text in force, whose date a develop preview may hold wrong. */
function versionsOf(root: string, document: string, lang: string, prefix: string): Version[] {
  const files = listLegalFiles(root)
  const current = files.current.filter((file) => file.document === document && file.lang === lang)
  const archived = files.archived.filter((file) => file.document === document && file.lang === lang).sort((a, b) => a.date.localeCompare(b.date))
  return [...archived, ...current].map((file) => {
    const { frontmatter, body, bodyLine } = splitLegalSource(readLegalFile(root, file.file))
    const date = versionDate(frontmatter, lang)
    const translationOf = lang === ENGLISH ? null : text(frontmatter.translationOf) || null
    return { date, file: file.file, path: `${prefix}/${document}/${date}`, title: text(frontmatter.title), translationOf, body, bodyLine }
  })
}

/**
 * The blocks of a version for its changes page; null for a text that
 * cannot be read (raw HTML, an unknown token), whose changes page is then
 * left out: the build stops on that problem anyway, and under
 * `gatsby develop` its pages show it.
 */
function blocksOf(version: Version, facts: SiteFacts) {
  try {
    return legalBlocks(parseLegalMarkdown(version.body, facts, shownPath(version.file), version.bodyLine))
  } catch {
    return null
  }
}

const statusOf = (index: number, inForce: number): VersionStatus => (index === inForce ? "inForce" : index > inForce ? "upcoming" : "earlier")

/**
 * The pages of the legal texts in one language as they are on `day`: for
 * each document, its own page `<prefix>/<document>` showing the version in
 * force that day (and the next one, when published), a page per version at
 * `<prefix>/<document>/<date>` saying whether it is in force, upcoming or
 * earlier, the list `<prefix>/<document>/versions`, and for each version
 * after the first `<prefix>/<document>/changes/<date>`.
 * @param root the project folder
 */
export function legalPages(root: string, { day, lang = ENGLISH, pathPrefix = "", facts = siteFacts }: LegalPagesOptions): LegalPage[] {
  const documents = listLegalFiles(root).current.filter((file) => file.lang === lang).map((file) => file.document)
  const dateText = (date: string) => formatDate(lang, date)
  return documents.flatMap((document): LegalPage[] => {
    const versions = versionsOf(root, document, lang, pathPrefix)
    const inForce = indexInForce(versions.map((version) => version.date), day)
    const current = versions[inForce]
    if (!current) return []
    const currentPath = `${pathPrefix}/${document}`
    const common = { document, lang, title: current.title, currentPath, versionsPath: `${pathPrefix}/${document}/versions` }
    const changesPath = (index: number) => (index > 0 ? `${pathPrefix}/${document}/changes/${versions[index]?.date ?? ""}` : null)
    const english = lang === ENGLISH ? [] : versionsOf(root, document, ENGLISH, "")
    const englishInForce = english[indexInForce(english.map((version) => version.date), day)]
    const [ownNext, englishNext] = [versions[inForce + 1], englishInForce && english[english.indexOf(englishInForce) + 1]]
    // A translation not yet made of the next English version announces the English one.
    const next: NextVersion | null = ownNext
      ? { effectiveDateText: dateText(ownNext.date), path: ownNext.path, changesPath: `${pathPrefix}/${document}/changes/${ownNext.date}`, lang }
      : englishNext
        ? { effectiveDateText: dateText(englishNext.date), path: englishNext.path, changesPath: `/${document}/changes/${englishNext.date}`, lang: ENGLISH }
        : null
    const page = (index: number, pagePath: string): LegalPageContext => {
      const version = versions[index] as Version
      const status = statusOf(index, inForce)
      const translationOf = version.translationOf
      return {
        ...common,
        title: version.title,
        pagePath,
        file: version.file,
        status,
        isCurrentPage: pagePath === currentPath,
        effectiveDate: version.date,
        effectiveDateText: dateText(version.date),
        endDateText: status === "earlier" ? dateText(versions[index + 1]?.date ?? "") : null,
        inForceDateText: status === "upcoming" ? dateText(current.date) : null,
        next: status === "inForce" ? next : null,
        changesPath: changesPath(index),
        hasOtherVersions: versions.length > 1,
        translation: translationOf === null ? null : { englishPath: `/${document}`, translationOf, outdated: status === "inForce" && isOutdated(translationOf, englishInForce?.date) },
      }
    }
    const pages: LegalPage[] = [
      { path: currentPath, template: "page", context: page(inForce, currentPath) },
      ...versions.map((version, index): LegalPage => ({ path: version.path, template: "page", context: page(index, version.path) })),
      {
        path: common.versionsPath,
        template: "versions",
        context: {
          ...common,
          pagePath: common.versionsPath,
          versions: versions
            .map((version, index) => ({
              effectiveDate: version.date,
              effectiveDateText: dateText(version.date),
              path: index === inForce ? currentPath : version.path,
              status: statusOf(index, inForce),
              changesPath: changesPath(index),
            }))
            .reverse(),
        },
      },
    ]
    versions.forEach((version, index) => {
      const previous = versions[index - 1]
      const path = changesPath(index)
      if (!previous || !path) return
      const before = blocksOf(previous, facts)
      const after = blocksOf(version, facts)
      if (!before || !after) return
      const blocks: DiffBlock[] = changedSections(diffLegalBlocks(before, after))
      const dates = { effectiveDate: version.date, effectiveDateText: dateText(version.date), previousDate: previous.date, previousDateText: dateText(previous.date) }
      pages.push({ path, template: "changes", context: { ...common, title: version.title, pagePath: path, ...dates, versionPath: version.path, previousPath: previous.path, blocks } })
    })
    return pages
  })
}

