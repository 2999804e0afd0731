/**
 * @jest-environment node
 */
import fs from "fs"
import net from "net"
import os from "os"
import path from "path"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { recordFigures } from "../../../test/support/reliability-figures"
import { startSiteServer, type RunningSite } from "../../../test/support/site-server-process"
import { MAX_WAITING, STALLED_WRITE_MS } from "../http/pipelined-requests"

/**
 * The attack, sized to run in seconds here: connections that each send GETs
 * of a large file pipelined in one write and never read, half of them
 * more than the server lets wait, half as many as it does; closed after a while.
 */
const CONNECTIONS = 300
const PIPELINED_MANY = 40
const PIPELINED_FEW = MAX_WAITING
const HOLD_MS = 2000
/** Connections that pipeline as many GETs as may wait and neither read nor close: the server must end them itself (see also stalled-writes.test.ts). */
const STALLED = 20
/** How far above its baseline the server's resident memory may stay (V8 keeps some of the heap it grew); the leak left 300 MB. */
const MEMORY_SLACK_MB = 40
/** How long Node's server keeps an idle connection open (its default keepAliveTimeout). */
const KEEP_ALIVE_MS = 5000
/** The largest file the site publishes (the share image, about 150 KB). */
const LARGE_FILE = "/share-image.png"

const figures = recordFigures("connection-floods", "no store")
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let site: RunningSite
let host: string
let port: number

beforeAll(async () => {
  await ensureProductionBuild()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "connection-floods-"))
  site = await startSiteServer({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") })
  host = new URL(site.url).hostname
  port = Number(new URL(site.url).port)
}, 10 * 60_000)

afterAll(() => site?.stop(), 15_000)

/** How many file descriptors the server's process holds open. */
const descriptors = () => fs.readdirSync(`/proc/${site.pid}/fd`).length

/** The server's resident memory, in MB. */
const residentMb = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${site.pid}/status`, "utf8"))?.[1] ?? NaN) / 1024

const requestOf = (urlPath: string) => `GET ${urlPath} HTTP/1.1\r\nHost: ${host}:${port}\r\n\r\n`

/** Opens a connection that writes `requests` at once and reads nothing; resolves once written. */
function silentConnection(requests: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host, () => {
      socket.pause()
      socket.write(requests, () => resolve(socket))
    })
    socket.once("error", reject)
  })
}

/** Sends raw pipelined requests on one connection and reads until the server ends it or `ms` pass. */
function pipelinedExchange(requests: string, ms: number): Promise<{ text: string; endedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    let text = ""
    const socket = net.connect(port, host, () => socket.write(requests))
    const timer = setTimeout(() => {
      socket.destroy()
      resolve({ text, endedByServer: false })
    }, ms)
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")))
    socket.once("close", () => {
      clearTimeout(timer)
      resolve({ text, endedByServer: true })
    })
    socket.once("error", reject)
  })
}

/** The status of each answer in what a connection read (a body may end without a line break, so the next answer starts mid-line). */
const statuses = (text: string) => (text.match(/HTTP\/1\.1 \d{3} /g) ?? []).map((status) => status.trim())

/** Ordinary visitors: `count` page requests, each on a connection of its own; resolves with how many got a 200. */
async function visitors(count: number): Promise<number> {
  const answers = await Promise.allSettled(
    Array.from({ length: count }, () =>
      fetch(`${site.url}/`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.status),
    ),
  )
  return answers.filter((answer) => answer.status === "fulfilled" && answer.value === 200).length
}

/** Polls until `done` or the time is up. */
async function until(done: () => boolean, ms: number) {
  const giveUp = Date.now() + ms
  while (!done() && Date.now() < giveUp) await pause(250)
}

describe("the production server under floods of connections", () => {
  it(
    "gives back its descriptors and memory after connections that pipeline GETs of a large file without reading, those left open included",
    async () => {
      // Warm up, so the baseline is the server's steady state: V8 (Node 24's
      // most of all) keeps the heap it grew for a burst resident, so a first
      // flood, closed by the client, grows it before the baseline is read;
      // then the visitors' kept-alive connections time out (5 s).
      expect(await visitors(20)).toBe(20)
      const warmUp = await Promise.all(
        Array.from({ length: CONNECTIONS }, (_, i) =>
          silentConnection(requestOf(LARGE_FILE).repeat(i % 2 === 0 ? PIPELINED_MANY : PIPELINED_FEW)),
        ),
      )
      await pause(HOLD_MS)
      for (const socket of warmUp) socket.destroy()
      await pause(KEEP_ALIVE_MS + 1000)
      const before = { descriptors: descriptors(), residentMb: residentMb() }

      const flood: net.Socket[] = []
      const stalled: net.Socket[] = []
      try {
        for (let i = 0; i < STALLED; i++)
          stalled.push(await silentConnection(requestOf(LARGE_FILE).repeat(PIPELINED_FEW)))
        const opened = await Promise.allSettled(
          Array.from({ length: CONNECTIONS }, (_, i) =>
            silentConnection(requestOf(LARGE_FILE).repeat(i % 2 === 0 ? PIPELINED_MANY : PIPELINED_FEW)),
          ),
        )
        for (const outcome of opened) if (outcome.status === "fulfilled") flood.push(outcome.value)
        expect(flood.length).toBe(CONNECTIONS)
        const served = await visitors(20)
        await pause(HOLD_MS)
        const peak = { descriptors: descriptors(), residentMb: residentMb() }
        for (const socket of flood) socket.destroy()

        // The stalled connections stay open on this side: only the server can end them. Memory comes back as V8 collects and shrinks its heap.
        await until(() => descriptors() <= before.descriptors + 8, 2 * STALLED_WRITE_MS + 30_000)
        await until(() => residentMb() - before.residentMb < MEMORY_SLACK_MB, 60_000)
        const after = { descriptors: descriptors(), residentMb: residentMb() }
        const servedAfter = await visitors(50)
        figures.add({ visitorsServedUnderAttack: served })
        figures.measure({
          "connections pipelining GETs of a large file without reading": CONNECTIONS,
          "of them pipelining more than may wait (40 GETs)": CONNECTIONS / 2,
          "stalled connections left open by the client": STALLED,
          "descriptors before": before.descriptors,
          "descriptors at the peak": peak.descriptors,
          "descriptors after": after.descriptors,
          "resident MB before": Math.round(before.residentMb),
          "resident MB at the peak": Math.round(peak.residentMb),
          "resident MB after": Math.round(after.residentMb),
        })

        expect(served).toBe(20)
        expect(after.descriptors).toBeLessThanOrEqual(before.descriptors + 8)
        expect(after.residentMb - before.residentMb).toBeLessThan(MEMORY_SLACK_MB)
        expect(servedAfter).toBe(50)
      } finally {
        for (const socket of [...flood, ...stalled]) socket.destroy()
      }
    },
    2 * STALLED_WRITE_MS + 180_000,
  )

  it("answers a few pipelined requests in order, and closes a connection that pipelines more than a few", async () => {
    const few = await pipelinedExchange(["/robots.txt", "/no-such-page", "/robots.txt"].map(requestOf).join(""), 5000)
    expect(statuses(few.text)).toEqual(["HTTP/1.1 200", "HTTP/1.1 404", "HTTP/1.1 200"])
    const many = await pipelinedExchange(requestOf("/robots.txt").repeat(200), 10_000)
    expect(many.endedByServer).toBe(true)
    expect(statuses(many.text).length).toBeLessThanOrEqual(MAX_WAITING + 1)
    expect(await visitors(5)).toBe(5)
  }, 30_000)
})
