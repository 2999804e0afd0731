import { siteFacts, type SiteFacts } from "../config/site-facts"
import { formatDate } from "../i18n/format-date"
import { changedSections, diffLegalBlocks } from "./diff-versions"
import { legalBlocks } from "./legal-blocks"
import { listLegalFiles, readLegalFile } from "./legal-files"
import { ENGLISH, shownPath } from "./legal-layout"
import type { LegalArchivedContext, LegalChangesContext, LegalVersionsContext } from "./legal-page-context"
import { parseLegalMarkdown, renderLegalHtml } from "./render-markdown"
import { splitLegalSource, versionDate } from "./legal-text"

/** A page to create from gatsby-node, with the template (src/templates/legal-<template>.tsx) and its context. */
export type LegalPage =
  | { path: string; template: "versions"; context: LegalVersionsContext }
  | { path: string; template: "archived"; context: LegalArchivedContext }
  | { path: string; template: "changes"; context: LegalChangesContext }

/** Where the pages are: `pathPrefix` ("/es", or "" for English) before every path; the facts that fill the tokens. */
export type LegalPagesOptions = { lang?: string; pathPrefix?: string; facts?: SiteFacts }

type Version = { date: string; file: string; current: boolean; path: string; title: string; description: string; body: string; bodyLine: number }

const text = (value: unknown) => (typeof value === "string" ? value : "")

function versionsOf(root: string, document: string, lang: string, prefix: string): Version[] {
  const files = listLegalFiles(root)
  const current = files.current.filter((file) => file.document === document && file.lang === lang)
  const archived = files.archived.filter((file) => file.document === document && file.lang === lang).sort((a, b) => a.date.localeCompare(b.date))
  return [...archived.map((file) => ({ ...file, current: false })), ...current.map((file) => ({ ...file, current: true }))].map((file) => {
    const { frontmatter, body, bodyLine } = splitLegalSource(readLegalFile(root, file.file))
    const date = versionDate(frontmatter, lang)
    const path = file.current ? `${prefix}/${document}` : `${prefix}/${document}/${date}`
    return { date, file: file.file, current: file.current, path, title: text(frontmatter.title), description: text(frontmatter.description), body, bodyLine }
  })
}

/**
 * The pages of every version of the legal texts in one language: for each
 * document, `<prefix>/<document>/versions` listing them, `<prefix>/<document>/<date>`
 * for each archived version, and `<prefix>/<document>/changes/<date>` for
 * each version that has one before it (the version in force included).
 * The document's own page, `<prefix>/<document>`, is the site's legal page.
 * @param root the project folder
 */
export function legalPages(root: string, { lang = ENGLISH, pathPrefix = "", facts = siteFacts }: LegalPagesOptions = {}): LegalPage[] {
  const documents = listLegalFiles(root).current.filter((file) => file.lang === lang).map((file) => file.document)
  return documents.flatMap((document): LegalPage[] => {
    const versions = versionsOf(root, document, lang, pathPrefix)
    const latest = versions[versions.length - 1]
    if (!latest) return []
    const common = { document, lang, title: latest.title, currentPath: latest.path, versionsPath: `${pathPrefix}/${document}/versions` }
    const changesPath = (version: Version) => `${pathPrefix}/${document}/changes/${version.date}`
    const dateText = (date: string) => formatDate(lang, date)
    const blocks = (version: Version) => legalBlocks(parseLegalMarkdown(version.body, facts, shownPath(version.file), version.bodyLine))
    const pages: LegalPage[] = [
      {
        path: common.versionsPath,
        template: "versions",
        context: {
          ...common,
          versions: versions
            .map((version, index) => ({ effectiveDate: version.date, effectiveDateText: dateText(version.date), path: version.path, current: version.current, changesPath: index > 0 ? changesPath(version) : null }))
            .reverse(),
        },
      },
    ]
    versions.forEach((version, index) => {
      const next = versions[index + 1]
      const previous = versions[index - 1]
      const dates = { effectiveDate: version.date, effectiveDateText: dateText(version.date) }
      if (next) {
        const html = renderLegalHtml(version.body, facts, shownPath(version.file), version.bodyLine)
        const context = { ...common, title: version.title, description: version.description, ...dates, endDate: next.date, endDateText: dateText(next.date), html }
        pages.push({ path: version.path, template: "archived", context })
      }
      if (previous) {
        const context = { ...common, title: version.title, ...dates, previousDate: previous.date, previousDateText: dateText(previous.date) }
        const diff = changedSections(diffLegalBlocks(blocks(previous), blocks(version)))
        pages.push({ path: changesPath(version), template: "changes", context: { ...context, versionPath: version.path, previousPath: previous.path, blocks: diff } })
      }
    })
    return pages
  })
}
