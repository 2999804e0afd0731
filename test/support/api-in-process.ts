import { NO_DNS_SERVER } from "./dns-test-server"
import { freePort } from "./free-port"
import http from "http"
import os from "os"
import path from "path"
import express from "express"
import { API_ROUTE_NAMES, siteRouter } from "../../src/server/app"
import { assemble } from "../../src/server/assemble"
import { keepLineFor } from "../../src/server/referrals/line"
import { createMetrics } from "../../src/server/observability/metrics"
import { observeRequests } from "../../src/server/observability/observe-requests"
import { readSettings } from "../../src/server/settings"
import type { RunningSite } from "./site-server-process"
import { capturedLogger, lineMatches, type LogLine } from "./test-logger"
import { siteFacts } from "../../src/config/site-facts"

/**
 * The route table's handlers, as the production server mounts them, on a
 * Node server inside the test's own process: what the API suites call when
 * they test the handlers rather than the program (no build, no child
 * process). Without a build, what the table leaves to the site is a 404; the outbox's worker is not started, so
 * queued mail stays in the store for the tests to read. `now` is the clock
 * the handlers read (a suite moves it to test timeouts).
 */
export async function startApiInProcess(
  settings: Record<string, string>,
  { now }: { now?: () => Date } = {},
): Promise<RunningSite> {
  const { log, lines, text } = capturedLogger()
  // The port the server listens on is its own origin's (see ownOrigins): chosen before the settings are read.
  const port = await freePort()
  const env = {
    MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `api-in-process-outbox-${process.pid}`),
    SITE_URL: siteFacts.siteUrl,
    HOST: "127.0.0.1",
    PORT: String(port),
    DNS_SERVERS: NO_DNS_SERVER,
    ...settings,
  }
  const metrics = createMetrics()
  const read = readSettings(env)
  const parts = assemble(read, { log, metrics, now })
  // The line kept, as the server's first periodic job writes it at start (this server runs no job); a store down at
  // start fails the job alone, and places are then walked by the rule until it is written.
  await keepLineFor(parts.db, read.referralBoost).catch(() => undefined)
  const app = express()
  app.use(observeRequests({ log, metrics, apiRoutes: API_ROUTE_NAMES }).middleware)
  app.use(siteRouter(parts.routes))
  app.use((_req, res) => void res.writeHead(404).end())
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await parts.db.close()
  }
  const notHere = (what: string) => () =>
    Promise.reject(
      new Error(`an API served in the test's own process cannot ${what}: start the production server for that`),
    )
  return {
    url,
    pid: process.pid,
    async logLine(wanted) {
      for (let waited = 0; waited < 3000; waited += 20) {
        const found = lines().find((line: LogLine) => lineMatches(line, wanted))
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`the API never logged a line with ${String(Object.entries(wanted))}:\n${text()}`)
    },
    logLines: lines,
    output: () => ({ stdout: text(), stderr: "" }),
    stop,
    terminate: notHere("be signalled"),
    kill: notHere("be killed"),
  }
}
