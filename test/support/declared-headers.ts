import { execFileSync } from "child_process"
import { PROJECT_ROOT } from "./project-root"

/**
 * Loads gatsby-config in a fresh Node process, as Gatsby and the production
 * server do (outside Jest's module mocks), any read of a build output
 * (public/, .cache/, dist/) being an error; prints the headers it declares.
 */
const LOAD_CONFIG_WITHOUT_BUILD = `
  const fs = require("fs")
  const path = require("path")
  const outputs = ["public", ".cache", "dist"].map((dir) => path.join(process.cwd(), dir))
  const isOutput = (file) => typeof file === "string" && outputs.some((dir) => path.resolve(file) === dir || path.resolve(file).startsWith(dir + path.sep))
  for (const name of ["readFileSync", "existsSync", "statSync", "readdirSync", "openSync", "accessSync"]) {
    const original = fs[name]
    fs[name] = function (file, ...rest) {
      if (isOutput(file)) throw new Error("gatsby-config reads the build's output: " + file)
      return original.call(this, file, ...rest)
    }
  }
  const config = require("./gatsby-config.ts").default
  process.stdout.write(JSON.stringify(config.headers))
`

/**
 * The headers gatsby-config declares, as a fresh process without any build
 * output reads them: by the path pattern they are declared for ("/*",
 * "/contact"), each by name.
 */
export function declaredHeaders(): Map<string, Record<string, string>> {
  const declared = JSON.parse(
    execFileSync(process.execPath, ["--import", "tsx", "-e", LOAD_CONFIG_WITHOUT_BUILD], {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
    }),
  ) as {
    source: string
    headers: { key: string; value: string }[]
  }[]
  return new Map(
    declared.map(({ source, headers }) => [source, Object.fromEntries(headers.map(({ key, value }) => [key, value]))]),
  )
}
