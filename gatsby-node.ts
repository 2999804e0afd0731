/**
 * Gatsby Node APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/
 * Types the Markdown in content/ and refuses a malformed file by name,
 * bundles the islands as data the pages query, creates one page per legal
 * document, and after the build writes the files made from the brand and
 * compiles the production server.
 */
import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { bundleIslands } from "./src/build/bundle-islands"
import { bundleServer } from "./src/build/bundle-server"
import { renderBrandFiles } from "./src/build/render-brand-files"
import { siteFacts } from "./src/config/site-facts"
import { checkLandingFrontmatter, checkLegalFrontmatter, type Frontmatter } from "./src/content/check-frontmatter"

type FileNode = { sourceInstanceName?: string; relativePath?: string; name?: string }

const checks: Record<string, (frontmatter: Frontmatter) => string[]> = {
  legal: checkLegalFrontmatter,
  landing: checkLandingFrontmatter,
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type MarkdownRemark implements Node {
      frontmatter: MarkdownRemarkFrontmatter!
      fields: MarkdownRemarkFields!
    }
    type MarkdownRemarkFrontmatter {
      title: String!
      description: String
      effectiveDate: Date @dateformat
      headline: String
      highlight: String
      subtext: String
      mockupAlt: String
    }
    type MarkdownRemarkFields {
      kind: String!
      slug: String!
    }
    "A script that hydrates one interactive part of a static page (see src/islands/)."
    type Island implements Node {
      name: String!
      "The URL of the island's entry script in the built site."
      src: String!
    }
  `)
}

/** Checks each Markdown file's frontmatter as gatsby-transformer-remark parsed it, and gives it its kind and route. */
export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, getNode, actions, reporter }) => {
  if (node.internal.type !== "MarkdownRemark" || !node.parent) return
  const file = getNode(node.parent) as FileNode | undefined
  const kind = file?.sourceInstanceName ?? "unknown"
  const where = `content/${kind}/${file?.relativePath ?? "?"}`
  const frontmatter = (node.frontmatter ?? {}) as Frontmatter
  for (const problem of checks[kind]?.(frontmatter) ?? []) reporter.panicOnBuild(`${where}: ${problem}`)
  actions.createNodeField({ node, name: "kind", value: kind })
  actions.createNodeField({ node, name: "slug", value: kind === "legal" ? `/${file?.name}` : "/" })
}

/**
 * The islands, bundled into public/ before any page renders and sourced as
 * `Island` nodes: the component of an island queries its script's hashed
 * name, so a page is rendered again whenever its island changes. Only the
 * production build ships pages without Gatsby's runtime; `gatsby develop`,
 * and a site with the color-mode toggle, hydrate whole pages instead.
 */
export const sourceNodes: GatsbyNode["sourceNodes"] = async ({ actions, createNodeId, createContentDigest, reporter }) => {
  if (process.env.NODE_ENV !== "production" || siteFacts.showColorModeToggle) return
  const { scripts } = await bundleIslands(__dirname, path.join(__dirname, "public"))
  for (const [name, src] of Object.entries(scripts)) {
    const fields = { name, src }
    actions.createNode({ id: createNodeId(`island-${name}`), ...fields, internal: { type: "Island", contentDigest: createContentDigest(fields) } })
    reporter.info(`Island ${name}: ${src}`)
  }
}

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.LegalDocumentsQuery>(`
    query LegalDocuments {
      allMarkdownRemark(filter: { fields: { kind: { eq: "legal" } } }) {
        nodes {
          id
          fields {
            slug
          }
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the legal documents", result.errors)
    return
  }
  for (const { id, fields } of result.data.allMarkdownRemark.nodes) {
    actions.createPage({
      path: fields.slug,
      component: path.resolve("src/templates/legal-page.tsx"),
      context: { id },
    })
  }
}

/** No source maps in the production build: they would publish the text of src/. */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage === "build-javascript" || stage === "build-html") actions.setWebpackConfig({ devtool: false })
}

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  const result = await graphql<Queries.BuiltSiteQuery>(`
    query BuiltSite {
      markdownRemark(fields: { kind: { eq: "landing" } }) {
        frontmatter {
          headline
          highlight
        }
      }
    }
  `)
  const copy = result.data?.markdownRemark?.frontmatter
  if (result.errors || !result.data || !copy?.headline) {
    reporter.panicOnBuild("Could not query the landing copy", result.errors)
    return
  }
  const publicDir = path.join(__dirname, "public")
  await renderBrandFiles(publicDir, siteFacts, {
    appName: siteFacts.appName,
    headline: copy.headline,
    highlight: copy.highlight ?? "",
    tagline: siteFacts.shareImageTagline,
    host: new URL(siteFacts.siteUrl).host,
    phonePng: fs.readFileSync(path.join(__dirname, "src", "images", "phone-mockup.png")),
  })
  const compiled = await bundleServer(__dirname)
  reporter.info(`Compiled for Node: ${compiled.join(", ")}`)
}
