import fs from "fs"
import path from "path"

/** The markup of a page without its `<script>` elements (their text ends at the first `</script>`, as the parser reads it). */
export function withoutScripts(html: string): string {
  let out = ""
  let at = 0
  for (let start = html.indexOf("<script", at); start !== -1; start = html.indexOf("<script", at)) {
    const end = html.indexOf("</script>", start)
    if (end === -1) break
    out += html.slice(at, start)
    at = end + "</script>".length
  }
  return out + html.slice(at)
}

/** Where a page is in a build: `/es` is `es/index.html`, `/get/index.html` is itself. */
const fileOf = (page: string) =>
  (page.endsWith(".html") ? page : path.posix.join(page, "index.html")).replace(/^\//, "")

/**
 * Writes each page's "limit": the built page with every script removed, the
 * same HTML, styles and image files otherwise, at the page's own address
 * under `outDir`. What no page of the site may be measurably slower than.
 * Served from `outDir`, with the build's files (`/static/` and the rest)
 * from `publicDir` behind it.
 */
export function writeBuiltLimits(publicDir: string, outDir: string, pages: readonly string[]): void {
  fs.rmSync(outDir, { recursive: true, force: true })
  for (const page of pages) {
    const out = path.join(outDir, fileOf(page))
    fs.mkdirSync(path.dirname(out), { recursive: true })
    fs.writeFileSync(out, withoutScripts(fs.readFileSync(path.join(publicDir, fileOf(page)), "utf8")))
  }
}
