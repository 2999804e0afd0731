/**
 * What a built module script imports, as esbuild writes it (`./name.js`,
 * relative to the site's root, where the islands' chunks are): for the byte
 * budgets and the benchmark, which tell what loads with a page from what
 * loads later.
 */

/** A module's static imports (`import … from"./x.js"`, `import"./x.js"`), which load with it, unlike `import("./x.js")`. */
export const staticImportsOf = (code: string) =>
  [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => `/${match[1]}`)

/** A module's dynamic imports (`import("./x.js")`): what it loads later, when it needs it. */
export const dynamicImportsOf = (code: string) =>
  [...code.matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((match) => `/${match[1]}`)

/**
 * The scripts `sources` and, through their code (`read`, once a module),
 * everything they import by `importsOf`, at any depth: by default what loads
 * with them. The bench reads the modules from a server, the tests from the
 * build's folder.
 */
export async function importGraph(
  sources: Iterable<string>,
  read: (src: string) => string | Promise<string>,
  importsOf: (code: string) => string[] = staticImportsOf,
): Promise<Set<string>> {
  const seen = new Set<string>()
  const walk = async (src: string): Promise<void> => {
    if (seen.has(src)) return
    seen.add(src)
    for (const imported of importsOf(await read(src))) await walk(imported)
  }
  for (const src of sources) await walk(src)
  return seen
}
