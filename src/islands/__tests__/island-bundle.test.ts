/**
 * @jest-environment node
 *
 * What may reach the browser: an island's bundle holds browser code only.
 * Server code lives in src/server/ (the HTTP server, the waitlist's stores,
 * its CLI) and build code in src/build/, and neither, nor a package only a
 * server runs, may slip into the contact form's script.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { bundleIslands } from "../../build/bundle-islands"
import { PROJECT_ROOT } from "../../../test/support/project-root"

/** Folders and packages that run on the server or at build time only. */
const SERVER_ONLY = [
  /^src\/(server|build)\//,
  /^src\/api\//,
  /(^|\/)node_modules\/(pg|pg-pool|pg-protocol|better-sqlite3|express|compression|nodemailer|smtp-server|esbuild|sharp|gatsby|pino|pino-pretty|prom-client)\//,
]

let inputs: string[]
beforeAll(async () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "islands-"))
  try {
    inputs = Object.keys((await bundleIslands(PROJECT_ROOT, outdir)).metafile.inputs)
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true })
  }
}, 60_000)

describe("the contact form's island bundle", () => {
  it("holds the form, its rules and Preact", () => {
    expect(inputs).toEqual(
      expect.arrayContaining(["src/islands/contact-form.client.tsx", "src/components/contact-form.tsx", "src/waitlist/contact-rules.ts", expect.stringMatching(/node_modules\/preact\//)]),
    )
  })

  it("holds no module that runs on the server or at build time, and no Node built-in", () => {
    expect(inputs.filter((input) => SERVER_ONLY.some((pattern) => pattern.test(input)))).toEqual([])
    expect(inputs.filter((input) => input.startsWith("node:"))).toEqual([])
  })
})
