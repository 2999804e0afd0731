/**
 * The pages the build made for days to come (see src/routing/scheduled-pages.ts):
 * from its day on, such a page is served at the page's own path in place of
 * the one built for the build's day, so a legal text published ahead of its
 * date takes effect on that date without a rebuild. Read once at start.
 */
import fs from "fs"
import path from "path"
import type { RequestHandler } from "express"
import { LANGUAGES, languagePrefix } from "../../i18n/languages"
import { isRealIsoDate } from "../../i18n/format-date"
import { trimTrailingSlashes } from "../../routing/trim-slashes"
import { SCHEDULED_FOLDER, isInScheduledFolder } from "../../routing/scheduled-pages"
import { utcDay } from "../../legal/version-in-force"
import { cacheControlFor } from "./cache-policy"

/** The copies of a page for days to come, by day, in order, each with the ETag it is served with. */
type Copies = { day: string; file: string; etag: string }[]

/** How deep a scheduled page's folder may be under its day's folder (the legal pages' paths are two folders deep). */
const MAX_DEPTH = 6

/** The `index.html` files under a folder, as page paths relative to it ("/privacy-policy/versions"). */
function pagesUnder(dir: string, depth = 0): string[] {
  if (depth > MAX_DEPTH) return []
  const entries = fs.readdirSync(dir, { withFileTypes: true })
  return entries.flatMap((entry) => {
    if (entry.isFile()) return entry.name === "index.html" ? [""] : []
    return entry.isDirectory()
      ? pagesUnder(path.join(dir, entry.name), depth + 1).map((page) => `/${entry.name}${page}`)
      : []
  })
}

/** Every page that has copies for days to come under `publicDir`, with them. */
function readCopies(publicDir: string): Map<string, Copies> {
  const pages = new Map<string, Copies>()
  for (const { code } of LANGUAGES) {
    const prefix = languagePrefix(code)
    const folder = path.join(publicDir, prefix, SCHEDULED_FOLDER)
    if (!fs.existsSync(folder)) continue
    for (const day of fs.readdirSync(folder).filter(isRealIsoDate).sort()) {
      for (const page of pagesUnder(path.join(folder, day))) {
        const copies = pages.get(`${prefix}${page}`) ?? []
        const file = path.join(folder, day, page, "index.html")
        const { size, mtimeMs } = fs.statSync(file)
        copies.push({ day, file, etag: `W/"${day}-${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"` })
        pages.set(`${prefix}${page}`, copies)
      }
    }
  }
  return pages
}

/**
 * The page a request path asks for, decoded and normalised as the static
 * server reads it: `/privacy-policy`, `/privacy-policy/`,
 * `/privacy-policy/index.html`, `/privacy%2Dpolicy/`. Null for a path that
 * does not decode, which the static server refuses.
 */
function pageOf(urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const page = trimTrailingSlashes(path.posix.normalize(decoded))
  return page.endsWith("/index.html") ? page.slice(0, -"/index.html".length) : page
}

/** Gatsby's folder of each page's data, beside the pages (`/page-data/<page>/page-data.json`). */
const PAGE_DATA = "/page-data/"

/** Whether a path is of the page data of a page for a day to come, which nothing reads (the pages run no Gatsby runtime). */
const isScheduledPageData = (page: string) =>
  page.startsWith(PAGE_DATA) && isInScheduledFolder(page.slice(PAGE_DATA.length - 1))

/**
 * Serves, from its day on, the copy the build made of a page for a day to
 * come, and 404 at the copies' folder and at their page data, before their day and after it. Its ETag names the day and it has no
 * Last-Modified: one build wrote every copy, so neither size nor time would
 * tell a cached page from the day's.
 */
export function scheduledPages(publicDir: string, now: () => Date, notFound: RequestHandler): RequestHandler {
  const pages = readCopies(publicDir)
  return (req, res, next) => {
    const page = pageOf(req.path)
    if (page === null) return next()
    if (isInScheduledFolder(page) || isScheduledPageData(page)) return notFound(req, res, next)
    const copies = pages.get(page)
    if (!copies || !["GET", "HEAD"].includes(req.method)) return next()
    const today = utcDay(now())
    const copy = copies.filter(({ day }) => day <= today).pop()
    if (!copy) return next()
    res.set({ "Cache-Control": cacheControlFor(page), ETag: copy.etag })
    res.sendFile(copy.file, { etag: false, lastModified: false }, (error) => error && next(error))
  }
}
