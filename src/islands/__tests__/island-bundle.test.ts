/**
 * @jest-environment node
 *
 * What may reach the browser: an island's bundle holds browser code only.
 * Server code lives in src/server/ (the HTTP server, the waitlist's stores,
 * its CLI) and build code in src/build/, and neither, nor a package only a
 * server runs, may slip into the contact form's script. Nor may styling code:
 * the page's stylesheet, made from the theme at build time, styles the form.
 */
import fs from "fs"
import os from "os"
import path from "path"
import type { Metafile } from "esbuild"
import { bundleIslands } from "../../build/bundle-islands"
import { PROJECT_ROOT } from "../../../test/support/project-root"

/** Folders and packages that run on the server or at build time only. */
const SERVER_ONLY = [
  /^src\/(server|build)\//,
  /^src\/api\//,
  /(^|\/)node_modules\/(pg|pg-pool|pg-protocol|better-sqlite3|express|compression|nodemailer|smtp-server|esbuild|sharp|gatsby|pino|pino-pretty|prom-client)\//,
]

/** Packages that style in the browser: emotion (Theme UI's runtime) and Theme UI itself. */
const STYLING_RUNTIME = /(^|\/)node_modules\/(@emotion\/[a-z-]+|theme-ui|@theme-ui\/[a-z-]+|stylis)\//

let inputs: string[]
let outputs: Metafile["outputs"]
let placeInputs: string[]
let placeOutputs: Metafile["outputs"]
let adminInputs: string[]
let adminOutputs: Metafile["outputs"]
beforeAll(async () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "islands-"))
  try {
    const { metafiles } = await bundleIslands(PROJECT_ROOT, outdir)
    inputs = Object.keys(metafiles["contact-form"].inputs)
    outputs = metafiles["contact-form"].outputs
    placeInputs = Object.keys(metafiles.place.inputs)
    placeOutputs = metafiles.place.outputs
    adminInputs = Object.keys(metafiles.admin.inputs)
    adminOutputs = metafiles.admin.outputs
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true })
  }
}, 60_000)

describe("the contact form's island bundle", () => {
  it("holds the form, its rules and Preact", () => {
    expect(inputs).toEqual(
      expect.arrayContaining([
        "src/islands/contact-form.client.tsx",
        "src/components/contact-form.tsx",
        "src/waitlist/contact-rules.ts",
        expect.stringMatching(/node_modules\/preact\//),
      ]),
    )
  })

  it("holds no module that runs on the server or at build time, and no Node built-in", () => {
    expect(inputs.filter((input) => SERVER_ONLY.some((pattern) => pattern.test(input)))).toEqual([])
    expect(inputs.filter((input) => input.startsWith("node:"))).toEqual([])
  })

  it("holds nothing of the admin and no chart library", () => {
    expect(inputs.filter((input) => input.startsWith("src/admin/") || input.includes("node_modules/uplot/"))).toEqual(
      [],
    )
  })

  it("holds neither emotion nor Theme UI: the form's styles are already on the page", () => {
    expect(inputs.filter((input) => STYLING_RUNTIME.test(input))).toEqual([])
  })

  it("carries preact/compat only in react-toastify's chunk, which loads when a toast is due or the browser is idle", () => {
    const holding = (pattern: RegExp) =>
      Object.keys(outputs).filter((output) =>
        Object.keys(outputs[output]?.inputs ?? {}).some((input) => pattern.test(input)),
      )
    const compat = holding(/node_modules\/preact\/compat\//)
    expect(compat).toHaveLength(1)
    expect(compat).toEqual(holding(/node_modules\/react-toastify\//))
    const [chunk] = compat
    const loadedLater = Object.values(outputs).flatMap((output) =>
      output.imports.filter((imported) => imported.kind === "dynamic-import").map((imported) => imported.path),
    )
    expect(loadedLater).toContain(chunk)
  })

  it("uses in our own modules only what Preact's core does as React does: no `sx`, no `onChange`", () => {
    // Our modules get Preact's core for "react" (src/islands/preact-core-as-react.ts): `sx` would reach the DOM as an attribute, and `onChange` fires on a field's change there, not on every keystroke.
    const ours = inputs.filter((input) => input.startsWith("src/"))
    expect(ours.length).toBeGreaterThan(5)
    expect(
      ours.filter((input) => /\b(sx|onChange)=\{/.test(fs.readFileSync(path.join(PROJECT_ROOT, input), "utf8"))),
    ).toEqual([])
  })
})

describe("the place page's island bundle", () => {
  it("holds the place's view and Preact, and no module of the server, of the build, of styling or of the admin", () => {
    expect(placeInputs).toEqual(
      expect.arrayContaining(["src/islands/place.client.tsx", "src/components/place-view.tsx"]),
    )
    expect(placeInputs.filter((input) => SERVER_ONLY.some((pattern) => pattern.test(input)))).toEqual([])
    expect(placeInputs.filter((input) => STYLING_RUNTIME.test(input) || input.startsWith("src/admin/"))).toEqual([])
    expect(placeInputs.filter((input) => input.startsWith("node:"))).toEqual([])
  })

  it("carries no language's dictionary: the page hands the island its texts", () => {
    const shipped = Object.values(placeOutputs).flatMap((output) =>
      Object.entries(output.inputs).filter(
        ([input, { bytesInOutput }]) => input.endsWith(".json") && bytesInOutput > 0,
      ),
    )
    expect(shipped).toEqual([])
  })
})

describe("the admin's island bundle", () => {
  it("holds the admin's pages and loads the chart library as a chunk of its own", () => {
    expect(adminInputs).toEqual(
      expect.arrayContaining([
        "src/islands/admin.client.tsx",
        "src/admin/admin-app.tsx",
        expect.stringMatching(/node_modules\/uplot\//),
      ]),
    )
    const entry = Object.values(adminOutputs).find((output) => output.entryPoint === "src/islands/admin.client.tsx")
    expect(Object.keys(entry?.inputs ?? {}).filter((input) => input.includes("node_modules/uplot/"))).toEqual([])
  })

  it("holds no module that runs on the server or at build time, and no Node built-in", () => {
    expect(adminInputs.filter((input) => SERVER_ONLY.some((pattern) => pattern.test(input)))).toEqual([])
    expect(adminInputs.filter((input) => input.startsWith("node:"))).toEqual([])
  })
})
