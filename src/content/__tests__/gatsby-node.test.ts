/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import type { CreateNodeArgs, CreatePagesArgs } from "gatsby"
import { createPages, onCreateNode } from "../../../gatsby-node"
import { CONTENT_ERROR_MAP } from "../../build/content-errors"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { listLegalFiles } from "../../legal/legal-files"
import { parseFrontmatterYaml } from "../frontmatter-yaml"

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "gatsby-node-content-"))
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))

/** Runs gatsby-node's onCreateNode on a Markdown file's node the way `gatsby build` would, its frontmatter parsed as the transformer parses it. */
function createMarkdownNode(kind: string, fileName: string, text: string) {
  const yaml = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? ""
  const absolutePath = path.join(folder, fileName.replace(/\//g, "_"))
  fs.writeFileSync(absolutePath, text)
  const file = { id: "file", sourceInstanceName: kind, relativePath: fileName, name: fileName.replace(/^.*\//, "").replace(/\.md$/, ""), absolutePath }
  const panicOnBuild = jest.fn()
  const createNodeField = jest.fn()
  const args = {
    node: { id: "md", parent: "file", internal: { type: "MarkdownRemark" }, frontmatter: { title: "", ...parseFrontmatterYaml(yaml) } },
    getNode: () => file,
    actions: { createNodeField },
    reporter: { panicOnBuild },
  } as unknown as CreateNodeArgs
  ;(onCreateNode as (args: CreateNodeArgs) => void)(args)
  return { panicOnBuild, createNodeField }
}

type Reported = { id: string; context: unknown; location?: { start: { line: number } } }

/** What Gatsby shows of each error reported: its id, the text the site's error map makes (filed under the site's plugin name), and the line it points at. */
const shown = (panicOnBuild: jest.Mock) =>
  panicOnBuild.mock.calls.map(([error]: [Reported]) => ({
    id: error.id,
    text: CONTENT_ERROR_MAP[error.id.replace(/^default-site-plugin_/, "")]?.text(error.context),
    line: error.location?.start.line,
  }))

describe("gatsby-node's check of content/", () => {
  it("fails the build naming a legal file that has no title", () => {
    const { panicOnBuild } = createMarkdownNode("legal", "cookie-policy.md", "---\neffectiveDate: 2025-05-25\n---\nText")
    expect(shown(panicOnBuild)).toEqual([
      {
        id: "default-site-plugin_content-file",
        text: "Content problem: content/legal/cookie-policy.md: it has no `title` in its frontmatter",
        line: undefined,
      },
    ])
  })

  it("fails the build naming a legal file whose effective date is malformed", () => {
    const { panicOnBuild } = createMarkdownNode("legal", "terms.md", "---\ntitle: Terms\neffectiveDate: 25/05/2025\n---\n")
    expect(shown(panicOnBuild)).toEqual([
      {
        id: "default-site-plugin_content-file",
        text: 'Content problem: content/legal/terms.md:3: its `effectiveDate` "25/05/2025" is not a real date written as YYYY-MM-DD',
        line: 3,
      },
    ])
  })

  it("gives a sound legal file its document and language from the file name", () => {
    const { panicOnBuild, createNodeField } = createMarkdownNode(
      "legal",
      "privacy-policy.md",
      "---\ntitle: Privacy Policy\neffectiveDate: 2025-05-25\n---\n",
    )
    expect(panicOnBuild).not.toHaveBeenCalled()
    expect(createNodeField).toHaveBeenCalledWith(expect.objectContaining({ name: "document", value: "privacy-policy" }))
    expect(createNodeField).toHaveBeenCalledWith(expect.objectContaining({ name: "lang", value: "en" }))
  })

  it("gives an archived version of a legal text its document and language from its folder and name", () => {
    const { panicOnBuild, createNodeField } = createMarkdownNode("legal", "archive/privacy-policy/2025-05-25.es.md", "---\ntitle: Política\ntranslationOf: 2025-05-25\n---\n")
    expect(panicOnBuild).not.toHaveBeenCalled()
    expect(createNodeField.mock.calls.map(([field]) => [field.name, field.value]).filter(([name]) => name !== "problems")).toEqual([
      ["kind", "legal"],
      ["lang", "es"],
      ["document", "privacy-policy"],
      ["file", "archive/privacy-policy/2025-05-25.es.md"],
    ])
  })

  it("fails the build naming landing copy whose highlight is not in the headline", () => {
    const { panicOnBuild } = createMarkdownNode(
      "landing",
      "index.md",
      "---\ntitle: Home\nheadline: Learn a new language one story at a time.\nhighlight: two stories\nsubtext: s\nmockupAlt: a\n---\n",
    )
    expect(shown(panicOnBuild)).toEqual([
      {
        id: "default-site-plugin_content-file",
        text: 'Content problem: content/landing/index.md:4: its `highlight` "two stories" is not part of its `headline`',
        line: 4,
      },
    ])
  })
})

/** Runs gatsby-node's createPages on the project's legal texts, as a build made at `now` would. */
async function buildLegalPagesAt(now: string) {
  jest.useFakeTimers({ now: new Date(now), doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] })
  try {
    const nodes = [...listLegalFiles(PROJECT_ROOT).current, ...listLegalFiles(PROJECT_ROOT).archived].map(({ file }) => ({ id: `node of ${file}`, fields: { file } }))
    const createPage = jest.fn()
    const reporter = { panicOnBuild: jest.fn(), warn: jest.fn() }
    const args = { graphql: async () => ({ data: { allMarkdownRemark: { nodes } } }), actions: { createPage }, reporter } as unknown as CreatePagesArgs
    await (createPages as (args: CreatePagesArgs) => Promise<void>)(args)
    expect(reporter.panicOnBuild).not.toHaveBeenCalled()
    return new Map(createPage.mock.calls.map(([page]: [{ path: string; context: { id?: string } }]) => [page.path, page.context.id]))
  } finally {
    jest.useRealTimers()
  }
}

describe("gatsby-node's pages of the legal texts", () => {
  it("has a build made on November 30, 2026 show the policy of May 25, 2025, and make the pages of December 1, 2026, January 15, 2027 and March 1, 2027 for the server to switch to", async () => {
    const pages = await buildLegalPagesAt("2026-11-30T23:59:59Z")
    expect(pages.get("/privacy-policy")).toBe("node of archive/privacy-policy/2025-05-25.md")
    expect(pages.get("/es/privacy-policy")).toBe("node of archive/privacy-policy/2025-05-25.es.md")
    expect(pages.get("/_from/2026-12-01/privacy-policy")).toBe("node of archive/privacy-policy/2026-12-01.md")
    expect(pages.get("/es/_from/2026-12-01/privacy-policy")).toBe("node of archive/privacy-policy/2026-12-01.es.md")
    expect(pages.get("/_from/2027-01-15/privacy-policy")).toBe("node of archive/privacy-policy/2027-01-15.md")
    expect(pages.get("/_from/2027-03-01/privacy-policy")).toBe("node of privacy-policy.md")
  })

  it("has a build made on December 1, 2026 show the policy of that day, with pages only for the days still to come", async () => {
    const pages = await buildLegalPagesAt("2026-12-01T00:00:00Z")
    expect(pages.get("/privacy-policy")).toBe("node of archive/privacy-policy/2026-12-01.md")
    expect(pages.get("/ja/privacy-policy")).toBe("node of archive/privacy-policy/2026-12-01.ja.md")
    expect(new Set([...pages.keys()].filter((path) => path.includes("/_from/")).map((path) => /\/_from\/([^/]+)\//.exec(path)?.[1]))).toEqual(new Set(["2027-01-15", "2027-03-01"]))
  })

  it("has a build made on March 1, 2027 or later show the newest policy, with no page for a day to come", async () => {
    const pages = await buildLegalPagesAt("2027-03-01T00:00:00Z")
    expect(pages.get("/privacy-policy")).toBe("node of privacy-policy.md")
    expect(pages.get("/ja/privacy-policy")).toBe("node of privacy-policy.ja.md")
    expect([...pages.keys()].filter((path) => path.includes("/_from/"))).toEqual([])
  })
})
