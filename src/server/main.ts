/**
 * The production server's program: settings → assemble → app → listen,
 * and a clean shutdown on SIGTERM or SIGINT (see shutdown.ts). The build
 * compiles it into dist/server.js.
 */
import http from "http"
import path from "path"
import gatsbyConfig from "../../gatsby-config"
import { API_ROUTE_NAMES, createApp } from "./app"
import { assemble } from "./assemble"
import { headersByPath } from "./http/headers-by-path"
import { siteServer } from "./http/site-server"
import { healthRoutes } from "./observability/health-routes"
import { HEAP_FLAGS, missingHeapFlags } from "./heap-flags"
import { createLogger, type Logger } from "./observability/logger"
import { createMetrics } from "./observability/metrics"
import { createMetricsServer } from "./observability/metrics-server"
import { observeRequests } from "./observability/observe-requests"
import { createReadiness } from "./observability/readiness"
import { outboxDepth } from "./outbox/outbox-queries"
import { describeStore, localLinksNotice, readSettings, type Settings } from "./settings"
import { gracefulShutdown } from "./shutdown"

/** The project's root: this program runs from dist/. */
const root = path.resolve(__dirname, "..")

/** Says why the server cannot start, in one line, and ends the process. */
function cannotStart(reason: string): never {
  console.error(`site server: ${reason}`)
  process.exit(1)
}

/** Listens, or says in one line why it cannot, naming the settings to change. */
function listen(server: http.Server, port: number, host: string, [PORT, HOST]: [string, string]): Promise<void> {
  return new Promise((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE")
        cannotStart(
          `port ${port} on ${host} is already in use: stop what listens there, or set ${PORT} to another port`,
        )
      if (error.code === "EACCES")
        cannotStart(`port ${port} on ${host} may not be opened by this user: choose a port above 1023 with ${PORT}`)
      if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND")
        cannotStart(`${HOST} ${host} is not an address of this machine`)
      cannotStart(`cannot listen on ${host}:${port}: ${error.message}`)
    })
    server.listen(port, host, () => resolve())
  })
}

/** Where a listening server can be reached. */
const addressOf = (server: http.Server, host: string) => {
  const address = server.address()
  return `http://${host}:${typeof address === "object" && address ? address.port : ""}`
}

/** Whether a host name or address listens on this machine alone. */
const isLoopback = (host: string) =>
  host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)

const describe = (reason: unknown) => (reason instanceof Error ? (reason.stack ?? reason.message) : String(reason))

async function main(settings: Settings, log: Logger) {
  const metrics = createMetrics()
  const parts = assemble(settings, { log, metrics })
  const { db, worker, bounceMailbox, visits, storeClicks, scheduler } = parts
  let stopping = () => false
  const readiness = createReadiness({
    outboxDepth: () => outboxDepth(db),
    stopping: () => stopping(),
    bounceMailboxReadable: bounceMailbox ? () => bounceMailbox.readable() : undefined,
    log,
  })
  const observer = observeRequests({ log, metrics, apiRoutes: API_ROUTE_NAMES })
  const headers = headersByPath(gatsbyConfig.headers)
  let server: http.Server
  try {
    server = siteServer(
      createApp(parts.routes, {
        root,
        headers,
        observer,
        health: healthRoutes(readiness),
        pageRequests: visits?.observe,
      }),
      headers.everyPath,
    )
  } catch (error) {
    cannotStart((error as Error).message)
  }
  const metricsServer = settings.metrics ? createMetricsServer(metrics, readiness) : null

  const shutdown = gracefulShutdown({
    server,
    metricsServer,
    worker,
    scheduler,
    counts: [visits, storeClicks].filter((counter) => counter !== null),
    closeStore: () => db.close(),
    requests: observer,
    timeoutMs: settings.shutdownTimeoutMs,
    log,
    exit: (code) => process.exit(code),
  })
  stopping = shutdown.stopping
  process.on("SIGTERM", () => shutdown.begin("SIGTERM"))
  process.on("SIGINT", () => shutdown.begin("SIGINT"))

  if (metricsServer && settings.metrics)
    await listen(metricsServer, settings.metrics.port, settings.metrics.host, ["METRICS_PORT", "METRICS_HOST"])
  await listen(server, settings.port, settings.host, ["PORT", "HOST"])
  worker.start()
  scheduler.start()
  // In production a server on loopback alone has a proxy in front: without trusting it, every visitor would be one client (one rate limit, one lock-out).
  if (settings.production && isLoopback(settings.host) && !settings.trustProxy) {
    log.warn(
      { host: settings.host },
      "site server: listening on this machine alone, as behind a proxy, but WAITLIST_TRUST_PROXY is 0: every visitor the proxy forwards counts as one client. Set WAITLIST_TRUST_PROXY=1 behind your own proxy",
    )
  }
  const missing = missingHeapFlags(process.execArgv)
  if (settings.production && missing.length > 0) {
    log.warn(
      { missing },
      `site server: started without ${missing.join(" ")}: a flood of requests can grow its memory by 200 MB. Start it as \`node ${HEAP_FLAGS.join(" ")} dist/server.js\` (npm run serve does)`,
    )
  }
  log.info(
    {
      metrics:
        metricsServer && settings.metrics
          ? `${addressOf(metricsServer, settings.metrics.host)}/metrics`
          : "off (METRICS_PORT is not set)",
      visits: visits ? "counted (VISIT_COUNTING=1)" : "not counted (VISIT_COUNTING=0)",
    },
    `Storyling is served at ${addressOf(server, settings.host)} (waitlist: ${describeStore(settings.store)})`,
  )
  const notice = localLinksNotice(settings)
  if (notice) log.warn(notice)
}

let settings: Settings
try {
  settings = readSettings(process.env)
} catch (error) {
  cannotStart((error as Error).message)
}
const log = createLogger(settings.log)

// The last line of defence: a failure that escaped every handler is logged
// and the server goes on serving everyone else. (Run it under a supervisor
// all the same, so that a crash it cannot survive is followed by a restart:
// see "Under a supervisor" in docs/operating.md.)
process.on("unhandledRejection", (reason) =>
  log.error({ cause: describe(reason) }, "site server: an unhandled rejection; still serving"),
)
process.on("uncaughtException", (error) =>
  log.error({ cause: describe(error) }, "site server: an uncaught exception; still serving"),
)

void main(settings, log)
