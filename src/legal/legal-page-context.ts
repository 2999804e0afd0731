/**
 * What the pages of legal versions receive as page context from
 * gatsby-node (see legal-pages.ts): everything they show, so their
 * templates need no query. Types only, so the templates may import them.
 */
import type { DiffBlock } from "./diff-versions"

/** A version in the list of a document's versions, newest first. */
export type VersionListItem = {
  effectiveDate: string
  /** The date as the page shows it: "May 25, 2025". */
  effectiveDateText: string
  /** The page of this version: the document's own page for the version in force. */
  path: string
  current: boolean
  /** The page of the changes this version made to the one before it; null for the first version. */
  changesPath: string | null
}

/** Fields every page of legal versions has. */
type Common = { document: string; lang: string; title: string; currentPath: string; versionsPath: string }

/** `/privacy-policy/versions`: every version of a document. */
export type LegalVersionsContext = Common & { versions: VersionListItem[] }

/** `/privacy-policy/2025-05-25`: an archived version in full. */
export type LegalArchivedContext = Common & {
  description: string
  effectiveDate: string
  effectiveDateText: string
  /** The day the next version took effect, when this one ended. */
  endDate: string
  endDateText: string
  /** The version's body as HTML, rendered and filled as the site renders the text in force. */
  html: string
}

/** `/privacy-policy/changes/2025-09-01`: what a version changed in the one before it. */
export type LegalChangesContext = Common & {
  effectiveDate: string
  effectiveDateText: string
  previousDate: string
  previousDateText: string
  /** The page of this version and of the one before it. */
  versionPath: string
  previousPath: string
  /** The changed blocks under their section headings (see changedSections). */
  blocks: DiffBlock[]
}
