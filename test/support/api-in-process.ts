import http from "http"
import type { AddressInfo } from "net"
import os from "os"
import path from "path"
import { apiRoutes } from "../../src/server/http/api-routes"
import { API_PREFIX, serveApi } from "../../src/server/http/serve-api"
import { readSettings } from "../../src/server/settings"
import { createWaitlistRuntime } from "../../src/server/waitlist/waitlist-context"
import type { RunningSite } from "./site-server-process"

/**
 * The API's handlers, as the production server mounts them, on a Node
 * server inside the test's own process: what the API suites call when
 * they test the handlers rather than the program (no build, no child
 * process). It answers /api/ only; the outbox's worker is not started, so
 * queued mail stays in the store for the tests to read. `now` is the clock
 * the handlers read (a suite moves it to test timeouts).
 */
export async function startApiInProcess(settings: Record<string, string>, { now }: { now?: () => Date } = {}): Promise<RunningSite> {
  const lines: string[] = []
  const env = { MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `api-in-process-outbox-${process.pid}`), ...settings }
  const runtime = createWaitlistRuntime(readSettings(env), { log: (line) => void lines.push(line), now })
  const serve = serveApi(apiRoutes(runtime.context), (line) => void lines.push(line))
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith(API_PREFIX)) return void serve(req, res)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const stop = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    try {
      await runtime.context.store().close()
    } catch {
      // A store that never opened has nothing to close.
    }
  }
  return {
    url,
    pid: process.pid,
    async stderrMatching(pattern) {
      for (let waited = 0; waited < 3000; waited += 20) {
        const log = lines.join("\n")
        if (pattern.test(log)) return log
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`the API's log never matched ${pattern}:\n${lines.join("\n")}`)
    },
    stop,
    kill: () => Promise.reject(new Error("an API served in the test's own process cannot be killed: start the production server for that")),
  }
}
