import fs from "fs"
import path from "path"
import { build, type Plugin } from "esbuild"

/** Where the build writes the programs it compiles for Node. */
export const COMPILED_DIR = "dist"

/** The programs compiled into COMPILED_DIR, by their file name there. */
export const COMPILED_PROGRAMS = {
  /** The production server `npm start` and `npm run serve` run. */
  server: "src/server/start.ts",
  /** The waitlist's command line, `npm run waitlist`. */
  waitlist: "src/server/waitlist/cli.ts",
} as const

/** The module that lists the site's Functions (see site-functions.d.ts). */
const SITE_FUNCTIONS = "virtual:site-functions"

/** The Functions of src/api, by route, as Gatsby maps them: `src/api/waitlist.ts` is `/api/waitlist`. */
export function siteFunctionFiles(root: string): Map<string, string> {
  const apiDir = path.join(root, "src", "api")
  const files = fs.existsSync(apiDir) ? (fs.readdirSync(apiDir, { recursive: true }) as string[]) : []
  return new Map(
    files
      .filter((file) => /\.(ts|js)$/.test(file) && !/(^|\/)__tests__\//.test(file))
      .map((file) => [file.replace(/\.(ts|js)$/, "").replace(/(^|\/)index$/, "").split(path.sep).join("/"), path.join(apiDir, file)]),
  )
}

/** esbuild resolves SITE_FUNCTIONS to a module importing every Function of src/api. */
const siteFunctions = (root: string): Plugin => ({
  name: "site-functions",
  setup(builder) {
    builder.onResolve({ filter: /^virtual:site-functions$/ }, () => ({ path: SITE_FUNCTIONS, namespace: "site-functions" }))
    builder.onLoad({ filter: /.*/, namespace: "site-functions" }, () => {
      const entries = [...siteFunctionFiles(root)]
      return {
        resolveDir: root,
        loader: "ts",
        contents: [
          ...entries.map(([, file], i) => `import * as fn${i} from ${JSON.stringify(file)}`),
          `export const functions = new Map([${entries.map(([route], i) => `[${JSON.stringify(route)}, fn${i}]`).join(", ")}])`,
        ].join("\n"),
      }
    })
  },
})

/**
 * Compiles the production server and the waitlist CLI, with the Functions
 * of src/api, into plain JavaScript for Node in COMPILED_DIR, so they run
 * with `node` alone: no TypeScript loader at run time, and nothing read
 * from Gatsby's private `.cache/` (which `gatsby develop` rewrites). The
 * packages stay in node_modules, loaded as usual.
 * @returns the compiled files, relative to the root
 */
export async function bundleServer(root: string): Promise<string[]> {
  const outdir = path.join(root, COMPILED_DIR)
  fs.rmSync(outdir, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(COMPILED_PROGRAMS).map(([name, source]) => [name, path.join(root, source)])),
    outdir,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    plugins: [siteFunctions(root)],
    jsx: "automatic",
    jsxImportSource: "theme-ui",
    logLevel: "warning",
  })
  return Object.keys(COMPILED_PROGRAMS).map((name) => path.join(COMPILED_DIR, `${name}.js`))
}
