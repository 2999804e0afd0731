/**
 * The production server's program: compiled by the build into dist/server.js
 * (src/build/bundle-server.ts) and run with plain Node by `npm start` (after
 * `gatsby build`) or `npm run serve`. PORT (default 9000) and HOST (default
 * localhost) choose where it listens. Every response carries the headers of
 * gatsby-config's `headers` option, which `gatsby serve` would ignore.
 */
import path from "path"
import { functions } from "virtual:site-functions"
import gatsbyConfig from "../../gatsby-config"
import { describeWaitlistStore } from "./waitlist/open-waitlist-store"
import { waitlistRuntime } from "./waitlist/waitlist-context"
import { headersForEveryResponse } from "./headers-for-every-response"
import { createSiteServer } from "./site-server"

/** The project's root: this program runs from dist/. */
const root = path.resolve(__dirname, "..")
const port = Number(process.env.PORT || 9000)
const host = process.env.HOST || "localhost"

// The mail settings are read, and the outbox's worker started, before the
// first request: a setting that cannot work stops the server here, in one line.
let runtime: ReturnType<typeof waitlistRuntime>
try {
  runtime = waitlistRuntime()
} catch (error) {
  console.error(`site server: ${(error as Error).message}`)
  process.exit(1)
}

const server = createSiteServer({ root, headers: headersForEveryResponse(gatsbyConfig.headers), functions })
server.listen(port, host, () => {
  console.log(`Storyling is served at http://${host}:${port} (waitlist: ${describeWaitlistStore()})`)
})

// The last line of defence: a failure that escaped every handler is logged
// and the server goes on serving everyone else. (Run it under a supervisor
// all the same, so that a crash it cannot survive is followed by a restart:
// see the README.)
process.on("unhandledRejection", (reason) => console.error("site server: an unhandled rejection, still serving:", reason))
process.on("uncaughtException", (error) => console.error("site server: an uncaught exception, still serving:", error))

const stop = () => {
  void runtime.worker.stop()
  server.close(() => process.exit(0))
}
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
