/**
 * The production server's program: compiled by the build into dist/server.js
 * (src/build/bundle-server.ts) and run with plain Node by `npm start` (after
 * `gatsby build`) or `npm run serve`. Its settings are read once, here (see
 * settings.ts); one that cannot work stops it with one line. Every response
 * carries the headers of gatsby-config's `headers` option, which `gatsby
 * serve` would ignore.
 */
import path from "path"
import gatsbyConfig from "../../gatsby-config"
import { headersForEveryResponse } from "./headers-for-every-response"
import { apiRoutes } from "./http/api-routes"
import { describeStore, readSettings } from "./settings"
import { createSiteServer } from "./site-server"
import { createWaitlistRuntime } from "./waitlist/waitlist-context"
import { createVisitCounter } from "./visits/create-visit-counter"

/** The project's root: this program runs from dist/. */
const root = path.resolve(__dirname, "..")

/** Says why the server cannot start, in one line, and ends the process. */
function cannotStart(reason: string): never {
  console.error(`site server: ${reason}`)
  process.exit(1)
}

let settings: ReturnType<typeof readSettings>
let server: ReturnType<typeof createSiteServer>
try {
  settings = readSettings(process.env)
} catch (error) {
  cannotStart((error as Error).message)
}
const runtime = createWaitlistRuntime(settings)
const visits = createVisitCounter(settings, runtime.context)
try {
  server = createSiteServer({ root, headers: headersForEveryResponse(gatsbyConfig.headers), routes: apiRoutes(runtime.context), observe: visits?.observe })
} catch (error) {
  cannotStart((error as Error).message)
}

const { port, host } = settings
server.once("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") cannotStart(`port ${port} on ${host} is already in use: stop what listens there, or set PORT to another port`)
  if (error.code === "EACCES") cannotStart(`port ${port} on ${host} may not be opened by this user: choose a port above 1023 with PORT`)
  if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND") cannotStart(`HOST ${host} is not an address of this machine`)
  cannotStart(`cannot listen on ${host}:${port}: ${error.message}`)
})
server.listen(port, host, () => {
  runtime.worker.start()
  visits?.start()
  console.log(`Storyling is served at http://${host}:${port} (waitlist: ${describeStore(settings.store)})`)
})

// The last line of defence: a failure that escaped every handler is logged
// and the server goes on serving everyone else. (Run it under a supervisor
// all the same, so that a crash it cannot survive is followed by a restart:
// see the README.)
process.on("unhandledRejection", (reason) => console.error("site server: an unhandled rejection, still serving:", reason))
process.on("uncaughtException", (error) => console.error("site server: an uncaught exception, still serving:", error))

const stop = () => {
  void runtime.worker.stop()
  // The counts of visits still in memory are written before the process ends.
  server.close(() => void Promise.resolve(visits?.close()).finally(() => process.exit(0)))
}
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
