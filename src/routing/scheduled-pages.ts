/**
 * Where the build puts a page as it will be on a day to come, and which
 * page that is. A legal text published ahead of its date changes pages on
 * that day (the policy in force, its list of versions); the build makes
 * those pages for the day under its folder, the language's prefix first
 * (`/es/privacy-policy` for 2026-12-01 at `/es/_from/2026-12-01/privacy-policy`),
 * so each knows its language like any other page. The production server
 * serves such a page at the page's own path from that day on, and never at
 * the folder's (see src/server/http/scheduled-pages.ts).
 */
import { localizedPath, splitLanguage } from "../i18n/languages"

/** The folder, under each language's prefix, of the pages for days to come. */
export const SCHEDULED_FOLDER = "_from"

/** The path at which the build puts page `pagePath` as it will be on `day`. */
export function scheduledPath(day: string, pagePath: string): string {
  const { code, path } = splitLanguage(pagePath)
  return localizedPath(code, `/${SCHEDULED_FOLDER}/${day}${path === "/" ? "" : path}`)
}

/** Whether a path is in the folder of pages for days to come, whatever follows it. */
export function isInScheduledFolder(urlPath: string): boolean {
  return splitLanguage(urlPath).path.split("/")[1] === SCHEDULED_FOLDER
}
