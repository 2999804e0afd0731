import { execFile } from "child_process"
import http from "http"
import path from "path"
import { promisify } from "util"
import * as chromeLauncher from "chrome-launcher"
import { chromiumArgs } from "../../e2e/support/chromium"
import { parseHtml, scriptSources } from "../../test/support/built-pages"
import { importGraph } from "../../test/support/module-imports"

const run = promisify(execFile)

/** What one Lighthouse run (mobile, default simulated throttling) says of a page. */
export type PageRun = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  speedIndexMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Main-thread time in script evaluation, parsing and compiling (throttled), ms. */
  scriptingMs: number
  /** Main-thread time in style recalculation and layout (throttled), ms. */
  styleLayoutMs: number
  totalBytes: number
  /**
   * The JavaScript the page's HTML loads and what that imports statically,
   * gzipped as the server sends it (its bodies: no HTTP headers). Not "what
   * came before load": the islands start after the first paint.
   */
  jsAtStartBytes: number
  /** All the JavaScript the run requested, the same way. */
  jsTotalBytes: number
  htmlBytes: number
  requests: number
}

type NetworkItem = { resourceType?: string; transferSize?: number; url: string }
type Audit = { numericValue?: number; details?: { items?: unknown[] } }

/**
 * Chromium draws a page's frame only once every stage of it is done.
 * Otherwise, when headless Chromium's display falls four frames behind a
 * loading page, its compositor (viz) holds the page to one frame a second,
 * and that run's first paint and Speed Index come a second or two late
 * (docs/benchmarks.md, "Runs a second late").
 */
export const DRAW_WHEN_DONE = "--run-all-compositor-stages-before-draw"

/** The browser tests' quiet, offline Chromium, headless, drawing when done. */
export const CHROME_FLAGS = ["--headless=new", ...chromiumArgs, DRAW_WHEN_DONE]

/** Starts the Chromium that every run of the benchmark shares. */
export function launchChromium(chromePath: string) {
  return chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS })
}

/** Lighthouse could not measure the page (it says why: NO_FCP, PROTOCOL_TIMEOUT, …): no score, not a score of 0. */
export class LighthouseRunError extends Error {}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

const gzippedBodies = new Map<string, Promise<number>>()

/**
 * The body of a file as the server sends it to a browser that takes gzip:
 * its bytes on the wire without the HTTP headers, which Lighthouse's
 * transfer size counts (a kilobyte and more a response with our security
 * headers). A file's content does not change during a run, so each is asked once.
 */
function gzippedBodyBytes(url: string): Promise<number> {
  let bytes = gzippedBodies.get(url)
  if (!bytes) {
    bytes = new Promise((resolve, reject) => {
      http
        .get(url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
          let length = 0
          response.on("data", (chunk: Buffer) => (length += chunk.length))
          response.on("end", () => resolve(length))
          response.on("error", reject)
        })
        .on("error", reject)
    })
    gzippedBodies.set(url, bytes)
  }
  return bytes
}

const scriptTexts = new Map<string, Promise<string>>()

/** A script's code, as the server sends it; asked once a run, like its size. */
function scriptText(url: string): Promise<string> {
  let text = scriptTexts.get(url)
  if (!text) {
    text = fetch(url).then((response) => response.text())
    scriptTexts.set(url, text)
  }
  return text
}

/**
 * The paths of the scripts a page loads by itself: the ones its HTML names
 * (its `<script src>` tags and its islands, which its inline script starts
 * after the first paint) and, through their code, everything they import
 * statically. Not what they import dynamically, which loads when it is needed.
 */
async function scriptsAtStart(url: string): Promise<Set<string>> {
  const html = await (await fetch(url)).text()
  const named = scriptSources(parseHtml(html)).map((src) => new URL(src, url).pathname)
  return importGraph(named, (src) => scriptText(new URL(src, url).href))
}

/** Runs Lighthouse once on a URL in the given Chromium and reads the figures the benchmark reports. */
export async function runLighthouse(url: string, port: number): Promise<PageRun> {
  const { stdout } = await run(process.execPath, [path.join(__dirname, "lighthouse-once.mjs"), url, String(port)], {
    maxBuffer: 64 * 1024 * 1024,
  })
  const { runtimeError, categories, audits } = JSON.parse(stdout) as {
    runtimeError?: { code: string; message: string }
    categories: Record<string, { score: number | null }>
    audits: Record<string, Audit>
  }
  if (runtimeError)
    throw new LighthouseRunError(`Lighthouse could not measure ${url}: ${runtimeError.code} (${runtimeError.message})`)
  const requests = (audits["network-requests"]?.details?.items ?? []) as NetworkItem[]
  const scripts = await Promise.all(
    requests
      .filter((item) => item.resourceType === "Script")
      .map(async (item) => ({ ...item, bodyBytes: await gzippedBodyBytes(item.url) })),
  )
  const atStart = await scriptsAtStart(url)
  const work = (audits["mainthread-work-breakdown"]?.details?.items ?? []) as { group: string; duration: number }[]
  return {
    performance: categories.performance?.score ?? 0,
    accessibility: categories.accessibility?.score ?? 0,
    bestPractices: categories["best-practices"]?.score ?? 0,
    seo: categories.seo?.score ?? 0,
    fcpMs: audits["first-contentful-paint"]?.numericValue ?? 0,
    speedIndexMs: audits["speed-index"]?.numericValue ?? 0,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? 0,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? 0,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
    scriptingMs: sum(work.filter((item) => /^script/.test(item.group)).map((item) => item.duration)),
    styleLayoutMs: sum(work.filter((item) => item.group === "styleLayout").map((item) => item.duration)),
    totalBytes: audits["total-byte-weight"]?.numericValue ?? 0,
    jsAtStartBytes: sum(
      scripts.filter((item) => atStart.has(new URL(item.url).pathname)).map((item) => item.bodyBytes),
    ),
    jsTotalBytes: sum(scripts.map((item) => item.bodyBytes)),
    htmlBytes: sum(requests.filter((item) => item.resourceType === "Document").map((item) => item.transferSize ?? 0)),
    requests: requests.length,
  }
}
