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
