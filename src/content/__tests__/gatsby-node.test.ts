/**
 * @jest-environment node
 */
import type { CreateNodeArgs } from "gatsby"
import { onCreateNode } from "../../../gatsby-node"
import { parseFrontmatterYaml } from "../frontmatter-yaml"

/** Runs gatsby-node's onCreateNode on a Markdown file's node the way `gatsby build` would, its frontmatter parsed as the transformer parses it. */
function createMarkdownNode(kind: string, fileName: string, text: string) {
  const yaml = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? ""
  const file = { id: "file", sourceInstanceName: kind, relativePath: fileName, name: fileName.replace(/\.md$/, "") }
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

describe("gatsby-node's check of content/", () => {
  it("fails the build naming a legal file that has no title", () => {
    const { panicOnBuild } = createMarkdownNode("legal", "cookie-policy.md", "---\neffectiveDate: 2025-05-25\n---\nText")
    expect(panicOnBuild).toHaveBeenCalledWith("content/legal/cookie-policy.md: it has no `title` in its frontmatter")
  })

  it("fails the build naming a legal file whose effective date is malformed", () => {
    const { panicOnBuild } = createMarkdownNode("legal", "terms.md", "---\ntitle: Terms\neffectiveDate: 25/05/2025\n---\n")
    expect(panicOnBuild).toHaveBeenCalledWith(
      'content/legal/terms.md: its `effectiveDate` "25/05/2025" is not a real date written as YYYY-MM-DD',
    )
  })

  it("gives a sound legal file its route from the file name", () => {
    const { panicOnBuild, createNodeField } = createMarkdownNode(
      "legal",
      "privacy-policy.md",
      "---\ntitle: Privacy Policy\neffectiveDate: 2025-05-25\n---\n",
    )
    expect(panicOnBuild).not.toHaveBeenCalled()
    expect(createNodeField).toHaveBeenCalledWith(expect.objectContaining({ name: "slug", value: "/privacy-policy" }))
  })

  it("fails the build naming landing copy whose highlight is not in the headline", () => {
    const { panicOnBuild } = createMarkdownNode(
      "landing",
      "index.md",
      "---\ntitle: Home\nheadline: Learn a new language one story at a time.\nhighlight: two stories\nsubtext: s\nmockupAlt: a\n---\n",
    )
    expect(panicOnBuild).toHaveBeenCalledWith(
      'content/landing/index.md: its `highlight` "two stories" is not part of its `headline`',
    )
  })
})
