/**
 * The built site from public/, as `gatsby serve` would serve it, with
 * Gatsby's cache headers, a 404 in the path's language, nothing of the
 * build's internals, the pages of days to come from their day on, and the
 * app's association files as the JSON Apple and Google require.
 */
import fs from "fs"
import http from "http"
import path from "path"
import compression from "compression"
import express, { type NextFunction, type Request, type Response, type Router } from "express"
import { ASSOCIATION_PATHS } from "../../app-links/association-files"
import { DEFAULT_LANGUAGE, LANGUAGES, splitLanguage } from "../../i18n/languages"
import { trimTrailingSlashes } from "../../routing/trim-slashes"
import type { Logger } from "../observability/logger"
import { cacheControlFor } from "./cache-policy"
import { scheduledPages } from "./scheduled-pages"
import { isUnpublished } from "./unpublished-files"

/** Types of built files that express's MIME table predates; with nosniff, a browser trusts only the declared type. */
const TYPES_MISSING_FROM_EXPRESS: Record<string, string> = { ".avif": "image/avif" }

/**
 * The router of the built site under `root`/public.
 * @param now the time, which says which pages for days to come have taken over
 * @throws Error when there is no build there yet
 */
export function staticSite(root: string, log: Logger, now: () => Date): Router {
  const publicDir = path.join(root, "public")
  const notFoundPage = path.join(publicDir, "404.html")
  if (!fs.existsSync(notFoundPage)) throw new Error(`${publicDir} holds no build: run \`npm run build\` first`)
  const site = express.Router()
  // Pages and assets are gzipped.
  site.use(compression())
  // An unknown path under a language's prefix gets that language's error page.
  const notFoundPages = new Map(
    LANGUAGES.filter(({ code }) => code !== DEFAULT_LANGUAGE).map(({ code }) => [
      code,
      path.join(publicDir, code, "404", "index.html"),
    ]),
  )
  const notFound = (req: Request, res: Response, next: NextFunction) => {
    const page = notFoundPages.get(splitLanguage(req.path).code) ?? notFoundPage
    res
      .status(404)
      .set("Cache-Control", cacheControlFor("/404.html"))
      .sendFile(page, (error) => error && next(error))
  }
  // The build's internals (source maps, webpack's statistics) are not the site's.
  site.use((req, res, next) => (isUnpublished(req.path) ? notFound(req, res, next) : next()))
  for (const servedAt of Object.values(ASSOCIATION_PATHS)) {
    const file = path.join(publicDir, servedAt)
    site.get(servedAt, (req, res, next) => {
      if (!fs.existsSync(file)) return notFound(req, res, next)
      // Exactly the type Apple and Google name (express's own setters would add a charset).
      res.setHeader("Content-Type", "application/json")
      res.setHeader("Cache-Control", cacheControlFor(servedAt))
      res.sendFile(file, { dotfiles: "allow" }, (error) => error && next(error))
    })
  }
  site.use(scheduledPages(publicDir, now, notFound))
  site.use(
    express.static(publicDir, {
      redirect: false,
      etag: true,
      lastModified: true,
      setHeaders: (res, file) => {
        res.setHeader("Cache-Control", cacheControlFor("/" + path.relative(publicDir, file).split(path.sep).join("/")))
        const missingType = TYPES_MISSING_FROM_EXPRESS[path.extname(file).toLowerCase()]
        if (missingType) res.setHeader("Content-Type", missingType)
      },
    }),
  )
  // Routes without a trailing slash (`/contact`) live in `contact/index.html`.
  site.use((req, res, next) => {
    if (!/^\/[^.]*$/.test(req.path) || !["GET", "HEAD"].includes(req.method)) return next()
    const page = path.join(publicDir, trimTrailingSlashes(path.normalize(req.path)), "index.html")
    if (!page.startsWith(publicDir + path.sep) || !fs.existsSync(page)) return next()
    res.set("Cache-Control", cacheControlFor(req.path))
    res.sendFile(page)
  })
  site.use(notFound)
  // A range past the end (416), a failed precondition (412), an unreadable
  // file: the status and its name with the site's own headers, set before
  // express took the request, instead of express's page with its own
  // policy and, outside production, the stack.
  site.use(
    (
      error: { status?: number; statusCode?: number; headers?: Record<string, string> },
      _req: Request,
      res: Response,
      _next: NextFunction,
    ) => {
      const status = error.status ?? error.statusCode ?? 500
      if (res.headersSent) return void res.destroy()
      if (status >= 500)
        log.error({ reqId: res.getHeader("X-Request-Id"), cause: String(error) }, "site server: could not serve a file")
      for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value)
      res
        .status(status)
        .type("text/plain")
        .set("Cache-Control", "no-store")
        .send(`${status} ${http.STATUS_CODES[status] ?? "Error"}\n`)
    },
  )
  return site
}
