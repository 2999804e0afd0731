import http from "http"
import type { Metrics } from "./metrics"
import type { Readiness } from "./readiness"

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  void res
    .writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" })
    .end(JSON.stringify(body))

/**
 * The metrics' own listener (METRICS_PORT, 127.0.0.1 by default), apart
 * from the site's so visitors never see it: GET /metrics, and GET /readyz
 * with the whole readiness report the site's port answers with its status alone.
 */
export function createMetricsServer(metrics: Metrics, readiness: Readiness): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]
    if (path !== "/metrics" && path !== "/readyz")
      return void res
        .writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
        .end("Not Found: the metrics are at /metrics, the readiness report at /readyz\n")
    if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405, { Allow: "GET, HEAD" }).end()
    if (path === "/readyz") {
      return void readiness.check().then(
        (report) => json(res, report.ready ? 200 : 503, report),
        () => json(res, 503, { ready: false, notReady: ["store"], store: "unavailable", outbox: null }),
      )
    }
    metrics.registry.metrics().then(
      (text) =>
        res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" }).end(text),
      (error: unknown) =>
        res
          .writeHead(500, { "Content-Type": "text/plain; charset=utf-8" })
          .end(`The metrics could not be gathered: ${String(error)}\n`),
    )
  })
}
