import fs from "fs"
import path from "path"
import { build } from "esbuild"

/** Each island's browser entry, relative to the project's root, by the route that loads it. */
export const ISLANDS: Record<string, string> = {
  "/contact": "src/islands/contact-form.client.tsx",
}

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

/**
 * Bundles each island's browser entry into public/ (minified, content-hashed
 * names, with react-toastify and other dynamic imports split into chunks of
 * their own) and returns, by route, the URL of its entry script.
 */
export async function buildIslands(root: string, publicDir: string): Promise<Record<string, string>> {
  for (const old of fs.readdirSync(publicDir).filter((file) => file.startsWith(ISLAND_FILE_PREFIX))) {
    fs.rmSync(path.join(publicDir, old))
  }
  const routes = Object.keys(ISLANDS)
  const entryOf = (route: string) => path.join(root, ISLANDS[route] ?? "")
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(routes.map((route) => [route.replace(/\W+/g, "-").replace(/^-/, ""), entryOf(route)])),
    outdir: publicDir,
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
  const scripts: Record<string, string> = {}
  for (const [output, { entryPoint }] of Object.entries(result.metafile.outputs)) {
    const route = routes.find((candidate) => entryPoint && path.resolve(root, entryPoint) === entryOf(candidate))
    if (route) scripts[route] = "/" + path.relative(publicDir, path.resolve(root, output)).split(path.sep).join("/")
  }
  return scripts
}
