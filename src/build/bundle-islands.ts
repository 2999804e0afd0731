import fs from "fs"
import path from "path"
import { build, type Metafile } from "esbuild"

/** Each island's browser entry, relative to the project's root, by the island's name (see ContactFormIsland). */
export const ISLANDS = {
  "contact-form": "src/islands/contact-form.client.tsx",
} as const

export type IslandName = keyof typeof ISLANDS

/** The prefix of every file the islands' bundles write into public/. */
export const ISLAND_FILE_PREFIX = "island-"

/**
 * React's modules as Preact provides them, as gatsby-plugin-preact maps them
 * for Gatsby's own bundles: the islands are written against React's API.
 */
const PREACT_ALIASES = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
}

/** What bundling the islands made: each island's entry script, as the site serves it, and esbuild's account of the inputs. */
export type IslandBundles = { scripts: Record<IslandName, string>; metafile: Metafile }

/**
 * Bundles each island's browser entry into `outdir` (minified, with
 * content-hashed names, react-toastify and other dynamic imports split into
 * chunks of their own), first removing the islands' files of the last build.
 */
export async function bundleIslands(root: string, outdir: string): Promise<IslandBundles> {
  fs.mkdirSync(outdir, { recursive: true })
  for (const old of fs.readdirSync(outdir).filter((file) => file.startsWith(ISLAND_FILE_PREFIX))) {
    fs.rmSync(path.join(outdir, old))
  }
  const names = Object.keys(ISLANDS) as IslandName[]
  const entryOf = (name: IslandName) => path.join(root, ISLANDS[name])
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(names.map((name) => [name, entryOf(name)])),
    outdir,
    entryNames: `${ISLAND_FILE_PREFIX}[name]-[hash]`,
    chunkNames: `${ISLAND_FILE_PREFIX}chunk-[hash]`,
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    // The browsers that run ES modules without transpiling what we write (optional chaining, ??=).
    target: ["chrome91", "edge91", "firefox90", "safari15"],
    jsx: "automatic",
    jsxImportSource: "theme-ui",
    alias: PREACT_ALIASES,
    define: { "process.env.NODE_ENV": '"production"' },
    metafile: true,
    logLevel: "warning",
  })
  const scripts = {} as Record<IslandName, string>
  for (const [output, { entryPoint }] of Object.entries(result.metafile.outputs)) {
    const name = names.find((candidate) => entryPoint && path.resolve(root, entryPoint) === entryOf(candidate))
    if (name) scripts[name] = "/" + path.relative(outdir, path.resolve(root, output)).split(path.sep).join("/")
  }
  return { scripts, metafile: result.metafile }
}
