import fs from "fs"
import http from "http"
import path from "path"
import compression from "compression"
import express from "express"
import { cacheControlFor } from "../../src/server/http/cache-policy"

/**
 * Serves a built folder as a plain static host would: gzip, the same cache
 * headers as our production server, `/route` from `route/index.html`. The
 * peer and the limit are served by this, so that only the pages differ.
 * With `behind`, a file missing from `dir` comes from that folder (the
 * built limit's images and fonts from the build); with `headersAt`, each
 * response carries those of its path (a page's limit, our server's
 * security headers).
 */
export function serveFolder(
  dir: string,
  port: number,
  behind?: string,
  headersAt: (path: string) => Readonly<Record<string, string>> = () => ({}),
): Promise<http.Server> {
  const app = express()
  app.disable("x-powered-by")
  app.use((req, res, next) => {
    for (const [name, value] of Object.entries(headersAt(req.path))) res.setHeader(name, value)
    next()
  })
  app.use(compression())
  for (const folder of behind ? [dir, behind] : [dir]) {
    app.use(
      express.static(folder, {
        redirect: false,
        setHeaders: (res, file) => res.setHeader("Cache-Control", cacheControlFor("/" + path.relative(folder, file))),
      }),
    )
  }
  app.use((req, res) => {
    const page = path.join(dir, req.path, "index.html")
    // The folder may sit under a dot folder (bench/.out), which sendFile refuses by default.
    if (page.startsWith(dir) && fs.existsSync(page)) res.sendFile(page, { dotfiles: "allow" })
    else res.status(404).send("Not Found")
  })
  return new Promise((resolve) => {
    const server = app.listen(port, "127.0.0.1", () => resolve(server))
  })
}
