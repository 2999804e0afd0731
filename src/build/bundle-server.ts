import fs from "fs"
import path from "path"
import { build } from "esbuild"
import { WORKER_ENTRIES } from "../server/threads/worker-entries"

/** Where the build writes the programs it compiles for Node. */
export const COMPILED_DIR = "dist"

/** The programs compiled into COMPILED_DIR, by their file name there. */
export const COMPILED_PROGRAMS = {
  /** The production server `npm start` and `npm run serve` run. */
  server: "src/server/main.ts",
  /** The waitlist's command line, `npm run waitlist`. */
  waitlist: "src/server/cli/waitlist.ts",
  /** The admin's command line, `npm run admin`: accounts and the audit log. */
  admin: "src/server/cli/admin.ts",
} as const

export type CompiledProgram = keyof typeof COMPILED_PROGRAMS

/**
 * The packages the compiled programs load from node_modules at run time:
 * exactly the `dependencies` of package.json, which a production install
 * (`npm ci --omit=dev`) brings. Everything else they use (React, Theme UI
 * and gatsby-plugin-image, which gatsby-config renders to hash the pages'
 * inline scripts) is compiled into them, so the development packages
 * (Gatsby, TypeScript, esbuild) are never needed to run them.
 */
export function runtimePackages(root: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>
  }
  return Object.keys(manifest.dependencies ?? {})
}

/**
 * Compiles the production server (with the API's routes) and the waitlist's
 * and the admin's CLIs into plain JavaScript for Node in COMPILED_DIR, so they run
 * with `node` alone: no TypeScript loader at run time, and nothing read
 * from Gatsby's private `.cache/` (which `gatsby develop` rewrites). The
 * runtime packages (see runtimePackages) stay in node_modules, loaded as
 * usual; the rest is compiled in, as React's production build. The build
 * compiles both (replacing what dist/ held); scripts/run-compiled.mjs
 * compiles one that is missing, so the CLI works on a fresh clone without
 * a site build.
 * @returns the compiled files, relative to the root
 */
export async function bundleServer(
  root: string,
  programs: readonly CompiledProgram[] = Object.keys(COMPILED_PROGRAMS) as CompiledProgram[],
  outdir = path.join(root, COMPILED_DIR),
): Promise<string[]> {
  if (programs.length === Object.keys(COMPILED_PROGRAMS).length) fs.rmSync(outdir, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: {
      ...Object.fromEntries(programs.map((name) => [name, path.join(root, COMPILED_PROGRAMS[name])])),
      // The worker threads, each beside the programs (see workerScript): the CLIs open the store too.
      ...Object.fromEntries(Object.entries(WORKER_ENTRIES).map(([name, entry]) => [name, path.join(root, entry)])),
    },
    outdir,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node22",
    external: runtimePackages(root),
    // React's production build: its development build is twice the size, and checks nothing the server needs.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    jsx: "automatic",
    jsxImportSource: "theme-ui",
    logLevel: "warning",
  })
  return programs.map((name) => path.relative(root, path.join(outdir, `${name}.js`)))
}
