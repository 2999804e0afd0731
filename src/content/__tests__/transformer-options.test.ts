/**
 * @jest-environment node
 */
import config from "../../../gatsby-config"
import { siteFacts } from "../../config/site-facts"
import { parseFrontmatterYaml } from "../frontmatter-yaml"

type PluginEntry = { resolve: string; options?: { engines?: { yaml?: unknown }; plugins?: { resolve: string; options?: Record<string, unknown> }[] } }

const transformer = (config.plugins ?? []).find((plugin): plugin is PluginEntry => typeof plugin === "object" && plugin.resolve === "gatsby-transformer-remark")

describe("gatsby-config's Markdown transformer", () => {
  it("parses frontmatter with the engine that keeps dates as written", () => {
    expect(transformer?.options?.engines?.yaml).toBe(parseFrontmatterYaml)
    expect(parseFrontmatterYaml("effectiveDate: 2025-02-30").effectiveDate).toBe("2025-02-30")
  })

  it("fills the tokens with the site's facts, then points a translation's links at its language, through the local remark plugins", () => {
    expect(transformer?.options?.plugins).toEqual([
      expect.objectContaining({ resolve: "gatsby-remark-site-facts", options: expect.objectContaining({ facts: siteFacts }) }),
      expect.objectContaining({ resolve: "gatsby-remark-localize-links", options: { prefixes: { en: "", es: "/es", fr: "/fr", de: "/de", "pt-br": "/pt-br", ja: "/ja" } } }),
    ])
  })
})
