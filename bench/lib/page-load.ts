import http from "http"
import { median } from "./median"

/** Pages served in a run: how many a second, and the middle and slowest-percent latencies. */
export type PageLoadResult = { perSecond: number; served: number; p50Ms: number; p99Ms: number; errors: number }

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** A browser's headers for connection `n`: each connection is another visitor (User-Agent), with a language and gzip, as browsers send. */
const browserHeaders = (n: number) => ({
  "User-Agent": `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.${n}`,
  "Accept-Language": "en-GB,en;q=0.9",
  "Accept-Encoding": "gzip",
  Accept: "text/html",
})

/**
 * GETs a page over `connections` kept-alive connections for `seconds`,
 * each connection asking again as soon as it has the whole answer, as
 * distinct visitors of a browser would; waits for the requests in flight.
 */
export async function loadPage(target: string, { connections = 50, seconds = 10 } = {}): Promise<PageLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let errors = 0
  const start = performance.now()
  const deadline = start + seconds * 1000
  const connection = async (n: number) => {
    const headers = browserHeaders(n)
    while (performance.now() < deadline) {
      const began = performance.now()
      const status = await new Promise<number>((resolve) => {
        const request = http.get(target, { agent, headers }, (response) => {
          response.resume()
          response.on("end", () => resolve(response.statusCode ?? 0))
        })
        request.on("error", () => resolve(0))
      })
      if (status === 200) latencies.push(performance.now() - began)
      else errors += 1
    }
  }
  await Promise.all(Array.from({ length: connections }, (_, n) => connection(n)))
  const elapsed = (performance.now() - start) / 1000
  agent.destroy()
  const sorted = latencies.sort((a, b) => a - b)
  return {
    perSecond: latencies.length / elapsed,
    served: latencies.length,
    p50Ms: Math.round(median(sorted) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
    errors,
  }
}
