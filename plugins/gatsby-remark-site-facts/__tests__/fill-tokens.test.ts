/**
 * @jest-environment node
 */
import { siteFacts } from "../../../src/config/site-facts"

// The plugin is plain JavaScript, as gatsby-transformer-remark requires it.
const fillTokens = require("..") as (
  api: { markdownAST: Node; markdownNode: { fileAbsolutePath?: string } },
  options: object,
) => Node

type Node = { type: string; value?: string; url?: string; title?: null; children?: Node[] }

const text = (value: string): Node => ({ type: "text", value })
const paragraph = (...children: Node[]): Node => ({ type: "root", children: [{ type: "paragraph", children }] })
const filled = (tree: Node, facts = siteFacts) =>
  fillTokens(
    { markdownAST: tree, markdownNode: { fileAbsolutePath: "/site/content/legal/privacy-policy.md" } },
    { facts, root: "/site" },
  )
const link = (url: string, value: string): Node => ({ type: "link", url, title: null, children: [text(value)] })

describe("the site-facts remark plugin", () => {
  it("fills the app and company names as text", () => {
    expect(filled(paragraph(text("{{companyName}} makes {{appName}}.")))).toEqual(
      paragraph(text(siteFacts.companyName), text(" makes "), text(siteFacts.appName), text(".")),
    )
  })

  it("fills the provider's postal address as text", () => {
    expect(filled(paragraph(text("Write to us at {{postalAddress}}.")))).toEqual(
      paragraph(text("Write to us at "), text(siteFacts.postalAddress), text(".")),
    )
  })

  it("makes the support address a mailto link", () => {
    expect(filled(paragraph(text("Write to {{supportEmail}}.")))).toEqual(
      paragraph(text("Write to "), link(`mailto:${siteFacts.supportEmail}`, siteFacts.supportEmail), text(".")),
    )
  })

  it("links each provider's privacy policy and terms by its name, in nested text too", () => {
    const { billing } = siteFacts.providers
    const tree: Node = {
      type: "root",
      children: [
        {
          type: "list",
          children: [{ type: "listItem", children: [paragraph(text("{{provider:billing}} and {{terms:billing}}"))] }],
        },
      ],
    }
    const item = filled(tree).children?.[0]?.children?.[0]?.children?.[0]
    expect(item).toEqual(
      paragraph(link(billing.privacyUrl, billing.name), text(" and "), link(billing.termsUrl, billing.name)),
    )
  })

  it("leaves text without tokens and code as it is", () => {
    const tree: Node = {
      type: "root",
      children: [{ type: "code", value: "{{appName}}" }, paragraph(text("Plain {braces} text"))],
    }
    expect(filled(JSON.parse(JSON.stringify(tree)) as Node)).toEqual(tree)
  })

  it("keeps a fact's markup characters as text, for remark to escape", () => {
    expect(filled(paragraph(text("{{companyName}}")), { ...siteFacts, companyName: "Tom & Jerry <Labs>" })).toEqual(
      paragraph(text("Tom & Jerry <Labs>")),
    )
  })

  it.each(["{{nope}}", "{{provider:nope}}", "{{provider:toString}}", "{{appName:store}}"])(
    "stops the build naming the file and the unknown token %s",
    (token) => {
      expect(() => filled(paragraph(text(`before ${token} after`)))).toThrow(
        `content/legal/privacy-policy.md: unknown token ${token}`,
      )
    },
  )

  it("names a file given by a relative path as it is, without a root", () => {
    const markdownNode = { fileAbsolutePath: "content/legal/archive/privacy-policy/2025-05-25.md" }
    expect(() => fillTokens({ markdownAST: paragraph(text("{{nope}}")), markdownNode }, { facts: siteFacts })).toThrow(
      "content/legal/archive/privacy-policy/2025-05-25.md: unknown token {{nope}}",
    )
  })
})
