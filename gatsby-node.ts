/**
 * Gatsby Node APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/
 * Types the Markdown in content/, refuses a malformed file by name, fills the
 * legal texts with the site's facts and creates one page per legal document.
 */
import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import type { GraphQLObjectType, GraphQLResolveInfo } from "graphql"
import { siteFacts } from "./src/config/site-facts"
import { checkLandingFrontmatter } from "./src/content/check-landing-frontmatter"
import { checkLegalFrontmatter } from "./src/content/check-legal-frontmatter"
import { fillSiteFacts } from "./src/content/fill-site-facts"

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
