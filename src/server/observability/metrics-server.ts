import http from "http"
import type { Metrics } from "./metrics"

/**
 * The metrics' own listener (METRICS_PORT, on METRICS_HOST: 127.0.0.1
 * unless told otherwise), apart from the site's port so that visitors never
 * see them: GET /metrics answers in Prometheus' text format; anything else
 * is a 404.
 */
export function createMetricsServer(metrics: Metrics): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]
    if (path !== "/metrics") return void res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found: the metrics are at /metrics\n")
    if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405, { Allow: "GET, HEAD" }).end()
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" }).end(text),
      (error: unknown) => res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(`The metrics could not be gathered: ${String(error)}\n`),
    )
  })
}
