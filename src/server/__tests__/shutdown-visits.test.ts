/**
 * @jest-environment node
 *
 * Where the counts of visits come in a clean shutdown: after the last
 * answer (a page view is counted once its answer has gone), before the
 * store closes, and within the grace, past which they are left out and the
 * log says so. A real HTTP server holds a request in flight; the counter
 * is reduced to its `close`, which is what the shutdown awaits (the counts
 * written by a real server's SIGTERM are in shutdown.build.test.ts).
 */
import http from "http"
import type { AddressInfo } from "net"
import { gracefulShutdown } from "../shutdown"
import { capturedLogger } from "../../../test/support/test-logger"

type Held = { server: http.Server; url: string; answer: () => void; received: Promise<void> }

/** A server whose first request waits for `answer()`. */
async function serverHoldingARequest(events: string[]): Promise<Held> {
  let answer = () => {}
  let arrived = () => {}
  const received = new Promise<void>((resolve) => (arrived = resolve))
  const server = http.createServer((_req, res) => {
    answer = () => {
      events.push("last answer")
      res.end("ok")
    }
    arrived()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    answer: () => answer(),
    received,
  }
}

function shutdownOf(server: http.Server, counts: { close(): Promise<void> }[], events: string[], timeoutMs: number) {
  const captured = capturedLogger()
  let exited: (code: number) => void = () => {}
  const exit = new Promise<number>((resolve) => (exited = resolve))
  const shutdown = gracefulShutdown({
    server,
    metricsServer: null,
    worker: { stop: async () => [], underWay: () => [] },
    scheduler: { stop: async () => {} },
    counts,
    closeStore: async () => void events.push("store closed"),
    requests: { inFlight: () => 0, lastAnswers: () => {} },
    timeoutMs,
    log: captured.log,
    exit: (code) => {
      events.push(`exit ${code}`)
      exited(code)
    },
  })
  return { shutdown, exit, lines: captured.lines }
}

describe("the counts of visits in a clean shutdown", () => {
  it("are written, with the store clicks', once the last answer has gone and before the store closes", async () => {
    const events: string[] = []
    const held = await serverHoldingARequest(events)
    const response = fetch(held.url).then((answer) => answer.text())
    await held.received
    const visits = { close: async () => void events.push("counts written") }
    const storeClicks = { close: async () => void events.push("store clicks written") }
    const { shutdown, exit, lines } = shutdownOf(held.server, [visits, storeClicks], events, 5000)
    shutdown.begin("SIGTERM")
    await new Promise((resolve) => setTimeout(resolve, 300))
    // A request is still being answered: its page view is not counted yet, so nothing is written.
    expect(events).toEqual([])
    held.answer()
    expect(await response).toBe("ok")
    expect(await exit).toBe(0)
    expect(events).toEqual(["last answer", "counts written", "store clicks written", "store closed", "exit 0"])
    expect(lines().map((line) => line.msg)).not.toContain(
      "shutdown: the counts of visits were not written in time; they are left out",
    )
  })

  it("are left out past the grace, with a log line saying so, and the process still stops cleanly within the timeout", async () => {
    const events: string[] = []
    const held = await serverHoldingARequest(events)
    // A store that never answers: the counts' write never ends.
    const visits = { close: () => new Promise<void>(() => events.push("counts being written")) }
    const timeoutMs = 1200
    const { shutdown, exit, lines } = shutdownOf(held.server, [visits], events, timeoutMs)
    const started = Date.now()
    shutdown.begin("SIGTERM")
    expect(await exit).toBe(0)
    expect(Date.now() - started).toBeLessThan(timeoutMs)
    expect(events).toEqual(["counts being written", "store closed", "exit 0"])
    expect(lines()).toContainEqual(
      expect.objectContaining({
        level: "warn",
        msg: "shutdown: the counts of visits were not written in time; they are left out",
      }),
    )
    expect(lines()).toContainEqual(expect.objectContaining({ msg: "shutdown: done" }))
  })
})
