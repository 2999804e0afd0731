import fs from "fs"
import path from "path"
import { build, type BuildOptions, type Metafile, type Plugin } from "esbuild"

/** Each island's browser entry, relative to the project's root, by the island's name (see ContactFormIsland). */
export const ISLANDS = {
  "contact-form": "src/islands/contact-form.client.tsx",
  place: "src/islands/place.client.tsx",
  admin: "src/islands/admin.client.tsx",
} as const

export type IslandName = keyof typeof ISLANDS

/** The prefix of every file the islands' bundles write into public/. */
export const ISLAND_FILE_PREFIX = "island-"

/**
 * React's modules as Preact provides them, as gatsby-plugin-preact maps them
 * for Gatsby's own bundles: what packages written for React (react-toastify)
 * get in an island, and what the admin's own code gets.
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

/** A visitor's island (the contact form, the place page): React's own JSX runtime on Preact's core, no `sx` and no emotion (the build wrote its styles). */
const visitorsIsland = (root: string): BuildOptions => ({
  // The raw setting keeps tsconfig's Theme UI JSX (the build's rendering) out.
  tsconfigRaw: { compilerOptions: { jsx: "react-jsx", jsxImportSource: "react" } },
  plugins: [reactOnPreact(root)],
})

/** How each island's code becomes Preact: the admin, which only the team loads, keeps Theme UI's JSX and runtime over preact/compat. */
const REACT_FOR: Record<IslandName, (root: string) => BuildOptions> = {
  "contact-form": visitorsIsland,
  place: visitorsIsland,
  admin: () => ({ jsx: "automatic", jsxImportSource: "theme-ui", alias: PREACT_ALIASES }),
}

/** What bundling the islands made: each island's entry script, as the site serves it, and esbuild's account of its inputs and outputs. */
export type IslandBundles = { scripts: Record<IslandName, string>; metafiles: Record<IslandName, Metafile> }

/**
 * Bundles each island's browser entry into `outdir` (minified, with
 * content-hashed names, react-toastify and other dynamic imports split into
 * chunks of their own), first removing the islands' files of the last build.
 * Each island is bundled on its own, so no module two islands share
 * becomes a chunk of both: the contact page loads exactly what its own
 * island needs, and the admin's code never reaches a visitor.
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
      if (entryPoint && path.resolve(root, entryPoint) === entryOf(name))
        scripts[name] = "/" + path.relative(outdir, path.resolve(root, output)).split(path.sep).join("/")
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
    ...REACT_FOR[name](root),
    define: { "process.env.NODE_ENV": '"production"' },
    metafile: true,
    logLevel: "warning",
  })
}
