import http from "http"
import { median } from "./report"

export type LoadResult = {
  /** Answers with a 2xx status, per second. */
  acceptedPerSecond: number
  accepted: number
  p50Ms: number
  p99Ms: number
  /** Connection errors and non-2xx answers. */
  errors: number
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** One POST over a kept-alive connection; resolves with the status, 0 for a failed connection. */
function post(agent: http.Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (response) => {
        response.resume()
        response.on("end", () => resolve(response.statusCode ?? 0))
      },
    )
    request.on("error", () => resolve(0))
    request.end(body)
  })
}

/**
 * Sends distinct sign-ups to a waitlist endpoint over `connections` kept-alive
 * connections for `seconds`, each connection sending its next request when the
 * last is answered. Unlike a tool that cuts connections when time is up, it
 * waits for the requests in flight, so the 2xx count is exact and can be
 * compared with the entries stored.
 */
export async function loadWaitlist(target: string, { connections = 50, seconds = 20 } = {}): Promise<LoadResult> {
  const url = new URL(target)
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let accepted = 0
  let errors = 0
  let sent = 0
  const start = performance.now()
  const deadline = start + seconds * 1000
  const connection = async () => {
    while (performance.now() < deadline) {
      sent += 1
      const body = JSON.stringify({
        name: `Reader ${sent}`,
        email: `reader-${process.pid}-${sent}@example.com`,
        message: "Looking forward to the Spanish stories.",
        city: "",
        metadata: { userAgent: "bench", language: "en", utm: { utm_source: "bench" } },
      })
      const began = performance.now()
      const status = await post(agent, url, body)
      latencies.push(performance.now() - began)
      if (status >= 200 && status < 300) accepted += 1
      else errors += 1
    }
  }
  await Promise.all(Array.from({ length: connections }, connection))
  const elapsed = (performance.now() - start) / 1000
  agent.destroy()
  const sorted = latencies.sort((a, b) => a - b)
  return {
    acceptedPerSecond: accepted / elapsed,
    accepted,
    p50Ms: Math.round(median(sorted) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
    errors,
  }
}
