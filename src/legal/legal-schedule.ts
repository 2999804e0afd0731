import type { SiteFacts } from "../config/site-facts"
import { isRealIsoDate } from "../i18n/format-date"
import { LANGUAGES, languagePrefix } from "../i18n/languages"
import { scheduledPath } from "../routing/scheduled-pages"
import { listLegalFiles, readLegalFile } from "./legal-files"
import type { LegalPage } from "./legal-page-context"
import { legalPages } from "./legal-pages"
import { splitLegalSource, versionDate } from "./legal-text"

/** The legal pages of every language as they are on a day. */
const pagesOn = (root: string, day: string, facts: SiteFacts) =>
  LANGUAGES.flatMap(({ code }) => legalPages(root, { day, lang: code, pathPrefix: languagePrefix(code), facts }))

/** The days after `today` on which a version of a legal text, in any language, takes effect, in order. */
export function daysToCome(root: string, today: string): string[] {
  const files = listLegalFiles(root)
  const dates = [...files.current, ...files.archived].map(({ file, lang }) =>
    versionDate(splitLegalSource(readLegalFile(root, file)).frontmatter, lang),
  )
  return [...new Set(dates.filter((date) => isRealIsoDate(date) && date > today))].sort()
}

/**
 * The legal pages a build made on `today` creates: every page as it is
 * today at its own path, and for each day to come on which a version takes
 * effect, the pages that change that day (the page in force, its list of
 * versions, the banners of the versions whose standing changes) at their
 * path for that day (see scheduledPath), which the production server serves
 * in their place from that day on. A build made on or after a version's day
 * shows that version at the page's own path.
 * @param today the build's day, `YYYY-MM-DD` in UTC
 */
export function legalPagesToBuild(root: string, today: string, facts: SiteFacts): LegalPage[] {
  const pages = pagesOn(root, today, facts)
  let before = new Map(pages.map((page) => [page.path, JSON.stringify(page.context)]))
  for (const day of daysToCome(root, today)) {
    const then = pagesOn(root, day, facts)
    pages.push(
      ...then
        .filter((page) => before.get(page.path) !== JSON.stringify(page.context))
        .map((page) => ({ ...page, path: scheduledPath(day, page.path) })),
    )
    before = new Map(then.map((page) => [page.path, JSON.stringify(page.context)]))
  }
  return pages
}
