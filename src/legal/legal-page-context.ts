/**
 * What the legal pages receive as page context from gatsby-node (see
 * legal-pages.ts): everything they show besides a version's own Markdown,
 * which the version's page queries by its node's id. Types only, so the
 * templates may import them.
 */
import type { DiffBlock } from "./diff-versions"

/** Where a version stands on the day a page shows: the one in force, one whose date has not come, or one that applied before. */
export type VersionStatus = "inForce" | "upcoming" | "earlier"

/** A version in the list of a document's versions, newest first. */
export type VersionListItem = {
  effectiveDate: string
  /** The date as the page shows it: "May 25, 2025". */
  effectiveDateText: string
  /** The page of this version: the document's own page for the version in force. */
  path: string
  status: VersionStatus
  /** The page of the changes this version makes to the one before it; null for the first version. */
  changesPath: string | null
}

/** Fields every legal page has. */
type Common = {
  document: string
  lang: string
  title: string
  /** The path the page is served at: its own, or for a page the build made for a day to come, the path it takes over that day. */
  pagePath: string
  /** The document's own page, which shows the version in force. */
  currentPath: string
  versionsPath: string
}

/** The version that takes effect after the one in force, which the page in force announces. */
export type NextVersion = {
  effectiveDateText: string
  path: string
  changesPath: string
  /** The language of those pages: a translation not yet made announces the English version. */
  lang: string
}

/** `/privacy-policy` (the version in force) and `/privacy-policy/2025-05-25` (any version): a version in full. */
export type LegalPageContext = Common & {
  /** The version's file, relative to content/legal; gatsby-node adds the `id` of its Markdown node. */
  file: string
  status: VersionStatus
  /** Whether this is the document's own page rather than the version's dated page. */
  isCurrentPage: boolean
  effectiveDate: string
  effectiveDateText: string
  /** For an earlier version, the day the next one took effect, when this one stopped applying. */
  endDateText: string | null
  /** For an upcoming version, the date of the version in force on the page's day. */
  inForceDateText: string | null
  /** For the version in force, the one that comes after it, if one is published. */
  next: NextVersion | null
  /** What this version changes in the one before it; null for the first version. */
  changesPath: string | null
  /** Whether the document has other versions, which the versions' list shows. */
  hasOtherVersions: boolean
  /** For a translation: the English page, the English date it follows, and whether the English version in force is newer. */
  translation: { englishPath: string; translationOf: string; outdated: boolean } | null
}

/** `/privacy-policy/versions`: every version of a document. */
export type LegalVersionsContext = Common & { versions: VersionListItem[] }

/** `/privacy-policy/changes/2025-09-01`: what a version changes in the one before it. */
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

/** A page to create from gatsby-node, with the template (src/templates/legal-<template>.tsx) and its context. */
export type LegalPage =
  | { path: string; template: "page"; context: LegalPageContext }
  | { path: string; template: "versions"; context: LegalVersionsContext }
  | { path: string; template: "changes"; context: LegalChangesContext }
