import type { SiteFacts } from "../config/site-facts"
import { formatDate } from "../i18n/format-date"
import { changedSections, diffLegalBlocks } from "./diff-versions"
import { legalBlocks } from "./legal-blocks"
import { shownPath } from "./legal-layout"
import type { LegalPage } from "./legal-page-context"
import { parseLegalMarkdown } from "./render-markdown"
import { changesPath, type Text, type Version } from "./text-versions"

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

/** What each version after the first changes in the one before it, word by word. */
export function changesPages({ document, lang, prefix, versions }: Text, facts: SiteFacts): LegalPage[] {
  return versions.flatMap((version, index): LegalPage[] => {
    const previous = versions[index - 1]
    const before = previous && blocksOf(previous, facts)
    const after = before && blocksOf(version, facts)
    if (!previous || !before || !after) return []
    const path = changesPath(prefix, document, version)
    const dates = {
      effectiveDate: version.date,
      effectiveDateText: formatDate(lang, version.date),
      previousDate: previous.date,
      previousDateText: formatDate(lang, previous.date),
    }
    const common = {
      document,
      lang,
      title: version.title,
      pagePath: path,
      currentPath: `${prefix}/${document}`,
      versionsPath: `${prefix}/${document}/versions`,
    }
    const blocks = changedSections(diffLegalBlocks(before, after))
    return [
      {
        path,
        template: "changes",
        context: { ...common, ...dates, versionPath: version.path, previousPath: previous.path, blocks },
      },
    ]
  })
}
