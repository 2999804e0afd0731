import fs from "fs"
import http from "http"
import path from "path"
import compression from "compression"
import { DEFAULT_LANGUAGE, LANGUAGES, splitLanguage } from "../i18n/languages"
import express, { type NextFunction, type Request, type Response } from "express"
import { cacheControlFor } from "./cache-policy"
import { answerClientError } from "./client-error"
import { API_PREFIX, serveApi } from "./http/serve-api"
import type { ApiRoute } from "./http/web-handler"
import type { Logger } from "./observability/logger"
import { pathOf, type RequestObserver } from "./observability/observe-requests"
import { oneAnswerAtATime, STALLED_WRITE_MS } from "./pipelined-requests"
import { isUnpublished } from "./unpublished-files"
import { trimTrailingSlashes } from "../routing/trim-slashes"

export type SiteServerOptions = {
  /** The project's root, holding `public/` after `gatsby build`. */
  root: string
  /** Headers every response carries (the security headers of gatsby-config). */
  headers?: Record<string, string>
  /** The routes of the API by name, served under /api/ (see apiRoutes). */
  routes: ReadonlyMap<string, ApiRoute>
  /** Gives each request its id, and counts and logs it once answered (see observeRequests). */
  observer: RequestObserver
  /** Answers the health checks' paths, returning false for the others (see healthRoutes). */
  health: (req: http.IncomingMessage, res: http.ServerResponse, path: string) => boolean
  /** Where the server writes what went wrong. */
  log: Logger
  /**
   * Sees each request of a page or a file, with its path, before it is
   * answered: the counting of visits (see VisitCounter's `observe`). The
   * API's and the health checks' requests never reach it.
   */
  pageRequests?: (req: http.IncomingMessage, res: http.ServerResponse, path: string) => void
}

/** Types of built files that express's MIME table predates; with nosniff, a browser trusts only the declared type. */
const TYPES_MISSING_FROM_EXPRESS: Record<string, string> = { ".avif": "image/avif" }

/**
 * The production server `npm start` runs: the built site from `public/` with
 * the right cache and security headers and a real 404, the site's API's
 * Web-standard handlers under /api, and the health checks. It does what
 * `gatsby serve` does, plus the headers that `gatsby serve` ignores and a
 * JSON answer for every bad body; every request gets an id, a log line and
 * its count in the metrics, and each page view its count in the visits.
 */
export function createSiteServer({ root, headers = {}, routes, observer, health, log, pageRequests }: SiteServerOptions): http.Server {
  const publicDir = path.join(root, "public")
  const notFoundPage = path.join(publicDir, "404.html")
  if (!fs.existsSync(notFoundPage)) throw new Error(`${publicDir} holds no build: run \`npm run build\` first`)
  const app = express()
  // Production mode whatever NODE_ENV says: express's development mode answers errors with stack traces.
  app.set("env", "production")
  app.disable("x-powered-by")
  app.disable("etag")
  app.set("trust proxy", false)

  // Pages and assets are gzipped (the API's answers are a few bytes and skip it).
  app.use(compression())
  // An unknown path under a language's prefix gets that language's error page.
  const notFoundPages = new Map(
    LANGUAGES.filter(({ code }) => code !== DEFAULT_LANGUAGE).map(({ code }) => [code, path.join(publicDir, code, "404", "index.html")]),
  )
  const notFound = (req: Request, res: Response, next: NextFunction) => {
    const page = notFoundPages.get(splitLanguage(req.path).code) ?? notFoundPage
    res.status(404).set("Cache-Control", cacheControlFor("/404.html")).sendFile(page, (error) => error && next(error))
  }
  // The build's internals (source maps, webpack's statistics) are not the site's.
  app.use((req: Request, res: Response, next: NextFunction) => (isUnpublished(req.path) ? notFound(req, res, next) : next()))
  const staticFiles = express.static(publicDir, {
    redirect: false,
    etag: true,
    lastModified: true,
    setHeaders: (res, file) => {
      res.setHeader("Cache-Control", cacheControlFor("/" + path.relative(publicDir, file).split(path.sep).join("/")))
      const missingType = TYPES_MISSING_FROM_EXPRESS[path.extname(file).toLowerCase()]
      if (missingType) res.setHeader("Content-Type", missingType)
    },
  })
  app.use(staticFiles)
  // Routes without a trailing slash (`/contact`) live in `contact/index.html`.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!/^\/[^.]*$/.test(req.path) || !["GET", "HEAD"].includes(req.method)) return next()
    const page = path.join(publicDir, trimTrailingSlashes(path.normalize(req.path)), "index.html")
    if (!page.startsWith(publicDir + path.sep) || !fs.existsSync(page)) return next()
    res.set("Cache-Control", cacheControlFor(req.path))
    res.sendFile(page)
  })
  app.use(notFound)
  // A range past the end (416), a failed precondition (412), an unreadable
  // file: the status and its name with the site's own headers, set before
  // express took the request, instead of express's page with its own policy
  // and, outside production, the stack.
  app.use((error: { status?: number; statusCode?: number; headers?: Record<string, string> }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status ?? error.statusCode ?? 500
    if (res.headersSent) return void res.destroy()
    if (status >= 500) log.error({ reqId: res.getHeader("X-Request-Id"), cause: String(error) }, "site server: could not serve a file")
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value)
    res.status(status).type("text/plain").set("Cache-Control", "no-store").send(`${status} ${http.STATUS_CODES[status] ?? "Error"}\n`)
  })

  const everyResponse = Object.entries(headers)
  const api = serveApi(routes, log)
  const server = http.createServer(
    oneAnswerAtATime((req: http.IncomingMessage, res: http.ServerResponse) => {
      // Set before either path takes the response: express keeps headers already set.
      for (const [name, value] of everyResponse) res.setHeader(name, value)
      // The path is read once, here, for every part that looks at it.
      const path = pathOf(req.url)
      const requestId = observer.observe(req, res, path)
      if (health(req, res, path)) return
      if (path.startsWith(API_PREFIX)) return void api(req, res, requestId)
      pageRequests?.(req, res, path)
      app(req, res)
    }),
  )
  server.requestTimeout = 15_000
  server.headersTimeout = 10_000
  // A connection whose reads and writes make no progress (a client that stopped reading) is closed (see STALLED_WRITE_MS).
  server.timeout = STALLED_WRITE_MS
  server.on("clientError", answerClientError(headers))
  return server
}
