import fs from "fs"
import path from "path"
import { build, type Metafile, type Plugin } from "esbuild"

/** Each island's browser entry, relative to the project's root, by the island's name (see ContactFormIsland). */
export const ISLANDS = {
  "contact-form": "src/islands/contact-form.client.tsx",
} as const

export type IslandName = keyof typeof ISLANDS

/** The prefix of every file the islands' bundles write into public/. */
export const ISLAND_FILE_PREFIX = "island-"

/**
 * React's modules as Preact provides them, as gatsby-plugin-preact maps them
 * for Gatsby's own bundles: what packages written for React (react-toastify)
 * get in an island.
 */
const PREACT_ALIASES: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
}

/** What our own modules get for React's modules: Preact's core and hooks, the part of React's API they use. */
const REACT_ON_PREACT_CORE = "src/islands/preact-core-as-react.ts"

/**
 * Resolves React's modules for the islands: our code's "react" and
 * "react-dom/client" to Preact's core (REACT_ON_PREACT_CORE), a package's to
 * preact/compat, which thus loads only with the package that needs it.
 */
const reactOnPreact = (root: string): Plugin => ({
  name: "react-on-preact",
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/[a-z-]+)?$/ }, (args) => {
      const fromPackage = args.importer.split(path.sep).includes("node_modules")
      if (!fromPackage && args.path !== "react/jsx-runtime") return { path: path.join(root, REACT_ON_PREACT_CORE) }
      const target = PREACT_ALIASES[args.path]
      return target ? build.resolve(target, { kind: args.kind, resolveDir: root }) : undefined
    })
  },
})

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
    // React's own JSX runtime (Preact's, through the aliases), not Theme UI's that tsconfig names for the
    // build's rendering: an island takes no `sx` and ships no emotion. The raw setting keeps tsconfig's out.
    tsconfigRaw: { compilerOptions: { jsx: "react-jsx", jsxImportSource: "react" } },
    plugins: [reactOnPreact(root)],
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
