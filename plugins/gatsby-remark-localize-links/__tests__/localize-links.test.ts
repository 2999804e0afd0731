/**
 * @jest-environment node
 */
// The plugin is plain JavaScript, as gatsby-transformer-remark requires it.
const localizeLinks = require("..") as (
  api: { markdownAST: MdNode; markdownNode: { fields?: { lang?: string } } },
  options: object,
) => MdNode

type MdNode = { type: string; url?: string; children?: MdNode[] }

const prefixes = { en: "", es: "/es", "pt-br": "/pt-br" }
const tree = (...urls: string[]): MdNode => ({
  type: "root",
  children: [{ type: "paragraph", children: urls.map((url) => ({ type: "link", url, children: [] })) }],
})
const urlsOf = (node: MdNode): string[] => [...(node.url ? [node.url] : []), ...(node.children ?? []).flatMap(urlsOf)]

describe("gatsby-remark-localize-links", () => {
  const urls = [
    "/terms-and-conditions",
    "/",
    "https://sentry.io/privacy/",
    "mailto:support@example.com",
    "#children",
    "//cdn.example.com/x",
  ]

  it("points a translation's links to the site's pages at the pages of its language, and leaves other addresses alone", () => {
    expect(
      urlsOf(localizeLinks({ markdownAST: tree(...urls), markdownNode: { fields: { lang: "pt-br" } } }, { prefixes })),
    ).toEqual([
      "/pt-br/terms-and-conditions",
      "/pt-br",
      "https://sentry.io/privacy/",
      "mailto:support@example.com",
      "#children",
      "//cdn.example.com/x",
    ])
  })

  it("changes nothing in English", () => {
    expect(
      urlsOf(localizeLinks({ markdownAST: tree(...urls), markdownNode: { fields: { lang: "en" } } }, { prefixes })),
    ).toEqual(urls)
  })
})
