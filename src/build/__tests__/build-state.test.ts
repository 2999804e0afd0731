/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { forgetBuildRecord, reasonToBuild, sourceDigests, writeBuildRecord } from "../build-state"
import { startBuild } from "../start-build"

const SITE = "https://storyling.example.com"
const roots: string[] = []
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })))

/** A project folder with a few sources and what a finished build leaves, recorded as built for `siteUrl`. */
function builtProject(siteUrl = SITE): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "build-state-"))
  roots.push(root)
  const files: Record<string, string> = {
    "gatsby-node.ts": "export {}\n",
    "content/legal/privacy-policy.md": "---\ntitle: Privacy Policy\n---\nWe never sell it.\n",
    "src/pages/index.tsx": "export default () => null\n",
    "src/pages/__tests__/index.test.tsx": "it('renders')\n",
    "src/gatsby-types.d.ts": "declare namespace Queries {}\n",
    "public/404.html": "<h1>Oops!</h1>\n",
    "dist/server.js": "\n",
  }
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  writeBuildRecord(root, { siteUrl, sources: sourceDigests(root) })
  return root
}

const write = (root: string, file: string, text: string) => fs.writeFileSync(path.join(root, file), text)
const read = (root: string, file: string) => fs.readFileSync(path.join(root, file), "utf8")

describe("reasonToBuild", () => {
  it("finds nothing to build on an unchanged tree, even when every file was touched since the build", () => {
    const root = builtProject()
    const later = new Date(Date.now() + 60_000)
    for (const file of ["gatsby-node.ts", "content/legal/privacy-policy.md", "src/pages/index.tsx"])
      fs.utimesSync(path.join(root, file), later, later)
    expect(reasonToBuild(root)).toBeNull()
    expect(reasonToBuild(root, SITE)).toBeNull()
  })

  it("names the source whose content changed, and finds nothing to build once the edit is reverted", () => {
    const root = builtProject()
    const policy = read(root, "content/legal/privacy-policy.md")
    write(root, "content/legal/privacy-policy.md", policy.replace("never", "do not"))
    expect(reasonToBuild(root)).toBe("content/legal/privacy-policy.md changed since the last build")
    write(root, "content/legal/privacy-policy.md", policy)
    expect(reasonToBuild(root)).toBeNull()
  })

  it("names a source added or removed since the build, and leaves tests and the generated types out", () => {
    const root = builtProject()
    write(root, "src/pages/__tests__/index.test.tsx", "it('renders twice')\n")
    write(root, "src/gatsby-types.d.ts", "declare namespace Queries { type X = 1 }\n")
    expect(reasonToBuild(root)).toBeNull()
    write(root, "src/pages/contact.tsx", "export default () => null\n")
    expect(reasonToBuild(root)).toBe("src/pages/contact.tsx is new since the last build")
    fs.rmSync(path.join(root, "src/pages/contact.tsx"))
    fs.rmSync(path.join(root, "src/pages/index.tsx"))
    expect(reasonToBuild(root)).toBe("src/pages/index.tsx was removed since the last build")
  })

  it("builds when an output is missing, or when the last build started but never finished", () => {
    const root = builtProject()
    fs.rmSync(path.join(root, "public/404.html"))
    expect(reasonToBuild(root)).toBe("public/404.html is missing")
    const stopped = builtProject()
    forgetBuildRecord(stopped)
    expect(reasonToBuild(stopped)).toBe("no finished build is recorded")
  })

  it("builds for another address than the last build's, and takes any address when none is asked for", () => {
    const root = builtProject("http://localhost:9000")
    expect(reasonToBuild(root, SITE)).toBe(`the last build was made for http://localhost:9000, not ${SITE}`)
    expect(reasonToBuild(root)).toBeNull()
  })
})

describe("startBuild, what npm start builds", () => {
  it("builds for the local address the server serves at when SITE_URL is not set, and serves a build made for it as it is", () => {
    const root = builtProject()
    expect(startBuild(root, { PORT: "3000" }, true)).toEqual({
      siteUrl: "http://localhost:3000",
      reason: `the last build was made for ${SITE}, not http://localhost:3000`,
      args: ["build"],
      env: { SITE_URL: "http://localhost:3000" },
    })
    const local = builtProject("http://localhost:9000")
    expect(startBuild(local, {}, true).reason).toBeNull()
    expect(startBuild(local, { SITE_URL: SITE }, true)).toMatchObject({ siteUrl: SITE, env: { SITE_URL: SITE } })
  })

  it("asks Gatsby for plain lines without colors or cursor moves when its output is no terminal", () => {
    expect(startBuild(builtProject(), { SITE_URL: SITE }, false)).toEqual({
      siteUrl: SITE,
      reason: null,
      args: ["build", "--no-color"],
      env: { SITE_URL: SITE, CI: "1" },
    })
  })

  it("refuses the settings the server would refuse, naming the variable", () => {
    expect(() => startBuild(builtProject(), { SITE_URL: "ftp://example.com" }, true)).toThrow(
      'SITE_URL must be a URL starting with https:// or http://, without a user or password, not "ftp://example.com"',
    )
  })
})
