import fs from "fs"
import path from "path"
import { removeClientRuntime, routeOfHtmlFile, setIslandScript } from "./remove-client-runtime"

const htmlFilesUnder = (dir: string, base = dir): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return ["_gatsby", "page-data", "static"].includes(entry.name) ? [] : htmlFilesUnder(full, base)
    return entry.name.endsWith(".html") ? [path.relative(base, full)] : []
  })

/**
 * Rewrites the built pages so they load none of Gatsby's client runtime,
 * and gives each route that has an island (`islandScripts`, by route) the
 * script that hydrates it. While the color-mode toggle is shown the pages
 * keep the runtime and get no island. Returns the routes it rewrote, for
 * the build's log.
 */
export function shipStaticPagesWithoutRuntime(publicDir: string, colorModeToggleShown: boolean, islandScripts: Record<string, string>): string[] {
  if (colorModeToggleShown) return []
  const rewritten: string[] = []
  for (const file of htmlFilesUnder(publicDir)) {
    const route = routeOfHtmlFile(file)
    const full = path.join(publicDir, file)
    fs.writeFileSync(full, setIslandScript(removeClientRuntime(fs.readFileSync(full, "utf8")), islandScripts[route]))
    rewritten.push(route)
  }
  return [...new Set(rewritten)]
}
