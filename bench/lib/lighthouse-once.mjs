// Runs Lighthouse once, in plain Node: tsx's transform renames functions
// that Lighthouse sends into the page, which then fail there.
// Usage: node lighthouse-once.mjs URL CHROME_PORT  → the report's JSON on stdout
import lighthouse from "lighthouse"

const [url, port] = process.argv.slice(2)
const result = await lighthouse(url, { port: Number(port), output: "json", logLevel: "error" })
if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
const { categories, audits, runtimeError } = result.lhr
const keep = [
  "network-requests",
  "metrics",
  "mainthread-work-breakdown",
  "largest-contentful-paint",
  "first-contentful-paint",
  "speed-index",
  "total-blocking-time",
  "cumulative-layout-shift",
  "total-byte-weight",
]
process.stdout.write(
  JSON.stringify({ runtimeError, categories, audits: Object.fromEntries(keep.map((id) => [id, audits[id]])) }),
)
