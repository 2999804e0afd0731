import fs from "fs"
import path from "path"
import { needsClientRuntime, removeClientRuntime, routeOfHtmlFile } from "./remove-client-runtime"

const htmlFilesUnder = (dir: string, base = dir): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return ["_gatsby", "page-data", "static"].includes(entry.name) ? [] : htmlFilesUnder(full, base)
    return entry.name.endsWith(".html") ? [path.relative(base, full)] : []
  })

/**
 * Rewrites the built pages that need no React in the browser so they load
 * none of Gatsby's client runtime (see INTERACTIVE_ROUTES). Returns the
 * routes it rewrote, for the build's log.
 */
export function shipStaticPagesWithoutRuntime(publicDir: string, colorModeToggleShown: boolean): string[] {
  const rewritten: string[] = []
  for (const file of htmlFilesUnder(publicDir)) {
    const route = routeOfHtmlFile(file)
    if (needsClientRuntime(route, colorModeToggleShown)) continue
    const full = path.join(publicDir, file)
    fs.writeFileSync(full, removeClientRuntime(fs.readFileSync(full, "utf8")))
    rewritten.push(route)
  }
  return [...new Set(rewritten)]
}
