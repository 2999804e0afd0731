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

/**
 * Writes the "limit" page: our built landing page with every script
 * removed, the same HTML, styles and image files otherwise. What no page of
 * the site may be measurably slower than. Served from `outDir`, with the
 * build's files (`/static/` and the rest) from `publicDir` behind it.
 */
export function writeBuiltLimit(publicDir: string, outDir: string): void {
  fs.rmSync(outDir, { recursive: true, force: true })
  fs.mkdirSync(outDir, { recursive: true })
  const landing = fs.readFileSync(path.join(publicDir, "index.html"), "utf8")
  fs.writeFileSync(path.join(outDir, "index.html"), withoutScripts(landing))
}
