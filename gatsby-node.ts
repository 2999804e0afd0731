/**
 * Gatsby Node APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/
 * Types the Markdown in content/, refuses a malformed file by name, fills the
 * legal texts with the site's facts and creates one page per legal document.
 * After the build, writes the files made from the brand (icons, manifest,
 * share image), the sitemap and robots.txt, and records the hashes of the
 * pages' inline scripts for the Content-Security-Policy.
 */
import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import type { GraphQLObjectType, GraphQLResolveInfo } from "graphql"
import { renderBrandFiles } from "./src/brand/render-brand-files"
import { siteFacts } from "./src/config/site-facts"
import { checkLandingFrontmatter } from "./src/content/check-landing-frontmatter"
import { checkLegalFrontmatter } from "./src/content/check-legal-frontmatter"
import { fillSiteFacts } from "./src/content/fill-site-facts"
import { collectInlineScriptHashes } from "./src/security/inline-script-hashes"
import { buildIslands } from "./src/islands/build-islands"
import { shipStaticPagesWithoutRuntime } from "./src/static-html/ship-static-pages-without-runtime"
import { readScriptHashRecord, writeScriptHashRecord } from "./src/security/script-hash-record"
import { writeSearchFiles } from "./src/seo/write-search-files"

type FileNode = { sourceInstanceName?: string; relativePath?: string; absolutePath?: string; name?: string }

const checks: Record<string, (source: string) => string[]> = {
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
  `)
}

export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, getNode, actions, reporter }) => {
  if (node.internal.type !== "MarkdownRemark" || !node.parent) return
  const file = getNode(node.parent) as FileNode | undefined
  const kind = file?.sourceInstanceName ?? "unknown"
  const where = `content/${kind}/${file?.relativePath ?? "?"}`
  const check = checks[kind]
  const problems = check && file?.absolutePath ? check(fs.readFileSync(file.absolutePath, "utf8")) : []
  for (const problem of problems) reporter.panicOnBuild(`${where}: ${problem}`)
  actions.createNodeField({ node, name: "kind", value: kind })
  actions.createNodeField({ node, name: "slug", value: kind === "legal" ? `/${file?.name}` : "/" })
}

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers: addResolvers }) => {
  addResolvers({
    MarkdownRemark: {
      factsHtml: {
        type: "String!",
        description: "The rendered Markdown with its {{tokens}} replaced by the site's facts.",
        async resolve(source: { fileAbsolutePath?: string }, args: unknown, context: unknown, info: GraphQLResolveInfo) {
          const htmlField = (info.schema.getType("MarkdownRemark") as GraphQLObjectType).getFields().html
          const html = (await htmlField?.resolve?.(source, args, context, { ...info, fieldName: "html" })) as string
          try {
            return fillSiteFacts(html, siteFacts)
          } catch (error) {
            const file = path.relative(__dirname, source.fileAbsolutePath ?? "?")
            throw new Error(`${file}: ${(error as Error).message}`)
          }
        },
      },
    },
  })
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
      allSitePage {
        nodes {
          path
        }
      }
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
    reporter.panicOnBuild("Could not query the built pages and the landing copy", result.errors)
    return
  }
  const root = __dirname
  const publicDir = path.join(root, "public")
  await renderBrandFiles(publicDir, siteFacts, {
    appName: siteFacts.appName,
    headline: copy.headline,
    highlight: copy.highlight ?? "",
    tagline: siteFacts.shareImageTagline,
    host: new URL(siteFacts.siteUrl).host,
    phonePng: fs.readFileSync(path.join(root, "src", "images", "phone-mockup.png")),
  })
  const listed = writeSearchFiles(publicDir, siteFacts.siteUrl, result.data.allSitePage.nodes.map(({ path: page }) => page))
  reporter.info(`sitemap.xml lists ${listed.join(", ")}`)

  const islandScripts = siteFacts.showColorModeToggle ? {} : await buildIslands(root, publicDir)
  const staticRoutes = shipStaticPagesWithoutRuntime(publicDir, siteFacts.showColorModeToggle, islandScripts)
  reporter.info(`Shipped without Gatsby's client runtime: ${staticRoutes.join(", ")}`)
  for (const [route, script] of Object.entries(islandScripts)) reporter.info(`Island of ${route}: ${script}`)

  // Keep this step last: it hashes the inline scripts of the HTML exactly as
  // it will be served, so any later rewrite of public/**/*.html breaks the CSP.
  const before = readScriptHashRecord(root)
  const scriptHashes = collectInlineScriptHashes(publicDir)
  writeScriptHashRecord(root, scriptHashes)
  if (before?.join() !== scriptHashes.join()) {
    reporter.info(
      `The pages' inline scripts changed: the CSP of gatsby-config's \`headers\` now lists ${scriptHashes.length} hashes. ` +
        "Restart the server; a hosting adapter applies the headers read when this build started, so build once more before deploying with one.",
    )
  }
}
