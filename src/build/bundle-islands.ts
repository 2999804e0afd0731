import fs from "fs"
import path from "path"
import { build, type Metafile } from "esbuild"

/** Each island's browser entry, relative to the project's root, by the island's name (see ContactFormIsland). */
export const ISLANDS = {
  "contact-form": "src/islands/contact-form.client.tsx",
  admin: "src/islands/admin.client.tsx",
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

/** What bundling the islands made: each island's entry script, as the site serves it, and esbuild's account of its inputs and outputs. */
export type IslandBundles = { scripts: Record<IslandName, string>; metafiles: Record<IslandName, Metafile> }

/**
 * Bundles each island's browser entry into `outdir` (minified, with
 * content-hashed names, react-toastify and other dynamic imports split into
 * chunks of their own), first removing the islands' files of the last build.
 * Each island is bundled on its own, so no module two islands share (Preact,
 * Theme UI) becomes a chunk of both: the contact page loads exactly what it
 * did before the admin's island existed, and the admin's code never reaches
 * a visitor.
 */
export async function bundleIslands(root: string, outdir: string): Promise<IslandBundles> {
  fs.mkdirSync(outdir, { recursive: true })
  for (const old of fs.readdirSync(outdir).filter((file) => file.startsWith(ISLAND_FILE_PREFIX))) {
    fs.rmSync(path.join(outdir, old))
  }
  const names = Object.keys(ISLANDS) as IslandName[]
  const entryOf = (name: IslandName) => path.join(root, ISLANDS[name])
  const scripts = {} as Record<IslandName, string>
  const metafiles = {} as Record<IslandName, Metafile>
  for (const name of names) {
    const result = await bundleIsland(root, outdir, name, entryOf(name))
    metafiles[name] = result.metafile
    for (const [output, { entryPoint }] of Object.entries(result.metafile.outputs)) {
      if (entryPoint && path.resolve(root, entryPoint) === entryOf(name)) scripts[name] = "/" + path.relative(outdir, path.resolve(root, output)).split(path.sep).join("/")
    }
  }
  return { scripts, metafiles }
}

/** Bundles one island's entry (see bundleIslands). */
function bundleIsland(root: string, outdir: string, name: IslandName, entry: string) {
  return build({
    absWorkingDir: root,
    entryPoints: { [name]: entry },
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
}
