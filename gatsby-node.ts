/**
 * Gatsby Node APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/
 * Types the Markdown in content/ and refuses a malformed file by name,
 * bundles the islands as data the pages query, creates one page per legal
 * document, and after the build writes the files made from the brand and
 * the site's facts (the app's association files) and compiles the
 * production server.
 */
import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { associationFiles } from "./src/app-links/association-files"
import { bundleIslands } from "./src/build/bundle-islands"
import { bundleServer } from "./src/build/bundle-server"
import { renderBrandFiles } from "./src/build/render-brand-files"
import { writeAssociationFiles } from "./src/build/write-association-files"
import { siteFacts } from "./src/config/site-facts"
import { checkLandingFrontmatter, checkLegalFrontmatter, type Frontmatter } from "./src/content/check-frontmatter"
import { contentFileLanguage } from "./src/content/content-file-language"
import { outdatedTranslations } from "./src/content/outdated-translations"
import { DEFAULT_LANGUAGE, LANGUAGES, languagePrefix, localizedPath, type LanguageCode } from "./src/i18n/languages"
import { checkLegalTexts } from "./src/legal/check-legal"
import { rawHtmlProblems } from "./src/legal/render-markdown"
import { legalPages, type LegalPage } from "./src/legal/legal-pages"

type FileNode = { sourceInstanceName?: string; relativePath?: string; name?: string; absolutePath?: string }

const checks: Record<string, (frontmatter: Frontmatter, isTranslation: boolean) => string[]> = {
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
      "The English effective date a translation of a legal text follows."
      translationOf: Date @dateformat
      headline: String
      highlight: String
      subtext: String
      mockupAlt: String
    }
    "A problem of a content file, shown on its page under gatsby develop (the build stops on it instead)."
    type ContentProblem {
      file: String!
      field: String
      problem: String!
    }
    type MarkdownRemarkFields {
      "What is wrong with the file; empty when it builds."
      problems: [ContentProblem!]!
      kind: String!
      slug: String!
      "The code of the text's language (see src/i18n/languages.ts)."
      lang: String!
      "The file's name without its language: privacy-policy, index."
      document: String!
    }
    "A script that hydrates one interactive part of a static page (see src/islands/)."
    type Island implements Node {
      name: String!
      "The URL of the island's entry script in the built site."
      src: String!
    }
  `)
}

/**
 * Checks each Markdown file's frontmatter as gatsby-transformer-remark parsed
 * it, and gives it its kind, language and route: `privacy-policy.es.md` is
 * the Spanish privacy policy, at /es/privacy-policy. A problem stops the
 * build; under `gatsby develop` the page shows it too (see ContentProblems),
 * so an editor sees it in the browser, not only in the terminal.
 */
export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, getNode, actions, reporter }) => {
  if (node.internal.type !== "MarkdownRemark" || !node.parent) return
  const file = getNode(node.parent) as FileNode | undefined
  const kind = file?.sourceInstanceName ?? "unknown"
  const where = `content/${kind}/${file?.relativePath ?? "?"}`
  const { document, lang, problem } = contentFileLanguage(file?.name ?? "")
  const frontmatter = (node.frontmatter ?? {}) as Frontmatter
  // A legal text is Markdown only: raw HTML (a refresh, an overlay) never reaches its page.
  const html = kind === "legal" && file?.absolutePath ? rawHtmlProblems(fs.readFileSync(file.absolutePath, "utf8")) : []
  const problems = [...(problem ? [problem] : []), ...(checks[kind]?.(frontmatter, lang !== DEFAULT_LANGUAGE) ?? []), ...html]
  for (const found of problems) reporter.panicOnBuild(`${where}: ${found}`)
  actions.createNodeField({ node, name: "problems", value: problems.map((found) => ({ file: where, field: fieldNamed(found), problem: found })) })
  actions.createNodeField({ node, name: "kind", value: kind })
  actions.createNodeField({ node, name: "lang", value: lang })
  actions.createNodeField({ node, name: "document", value: document })
  actions.createNodeField({ node, name: "slug", value: localizedPath(lang, kind === "legal" ? `/${document}` : "/") })
}

/** The frontmatter field a problem names ("its `effectiveDate` ..."), if any. */
const fieldNamed = (problem: string) => /`(\w+)`/.exec(problem)?.[1] ?? null

/**
 * The legal texts against content/legal/legal.lock.json (see src/legal/):
 * a changed text without a new version stops the build, naming the file
 * and what to run; under `gatsby develop` the pages show the problems.
 */
let legalProblems: { file: string; field: null; problem: string }[] = []
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  // The raw HTML of the texts in force is onCreateNode's to report, as each file changes.
  legalProblems = checkLegalTexts(__dirname, { htmlOfTextsInForce: false }).map(({ file, message }) => ({ file, field: null, problem: message }))
  for (const { file, problem } of legalProblems) reporter.panicOnBuild(`${file}: ${problem}`)
  // The app's identities in the site's facts, checked before minutes of building rather than after.
  for (const problem of associationFiles(siteFacts).problems) reporter.panicOnBuild(problem)
}

type PageContext = { lang?: string }

/**
 * Every page of src/pages in every language: the English page keeps its
 * path, the others get their prefix (/es/contact), and each knows its
 * language from its context. A language's 404 page answers every unknown
 * path under its prefix. The admin's pages are made once, in English.
 */
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  if ((page.context as PageContext).lang || page.path.startsWith("/dev-404-page")) return
  actions.deletePage(page)
  // The admin (src/pages/admin) is for the people who run the site: in English only.
  if (page.path === "/admin" || page.path.startsWith("/admin/")) {
    actions.createPage({ ...page, context: { ...page.context, lang: DEFAULT_LANGUAGE } })
    return
  }
  const isNotFound = page.path === "/404/" || page.path === "/404.html" || page.path === "/404"
  for (const { code } of LANGUAGES) {
    if (code !== DEFAULT_LANGUAGE && page.path === "/404.html") continue
    actions.createPage({
      ...page,
      path: localizedPath(code, page.path),
      matchPath: isNotFound && code !== DEFAULT_LANGUAGE ? `${localizedPath(code, "")}/*` : page.matchPath,
      context: { ...page.context, lang: code },
    })
  }
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
            lang
            document
          }
          frontmatter {
            effectiveDate
            translationOf
          }
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the legal documents", result.errors)
    return
  }
  const documents = result.data.allMarkdownRemark.nodes
  const versionPages = LANGUAGES.flatMap(({ code }) => versionPagesOf(code, reporter))
  for (const { id, fields } of documents) {
    const list = versionPages.find(({ template, context }) => template === "versions" && context.lang === fields.lang && context.document === fields.document)
    const hasPreviousVersions = list?.template === "versions" && list.context.versions.length > 1
    actions.createPage({
      path: fields.slug,
      component: path.resolve("src/templates/legal-page.tsx"),
      context: { id, lang: fields.lang, document: fields.document, versionsPath: hasPreviousVersions ? list.path : null, legalProblems },
    })
  }
  for (const page of versionPages) {
    actions.createPage({ path: page.path, component: path.resolve(`src/templates/legal-${page.template}.tsx`), context: page.context })
  }
  const outdated = outdatedTranslations(documents.map(({ fields, frontmatter }) => ({ ...fields, ...frontmatter })))
  if (outdated.length > 0) reporter.warn(`Outdated translations of legal texts:\n${outdated.map((line) => `  ${line}`).join("\n")}`)
}

/** The pages of a language's legal versions: their list, each archived version, and what each version changed. */
function versionPagesOf(code: LanguageCode, reporter: { panicOnBuild: (message: string) => void }): LegalPage[] {
  try {
    return legalPages(__dirname, { lang: code, pathPrefix: languagePrefix(code), facts: siteFacts })
  } catch (error) {
    reporter.panicOnBuild(`The versions of the legal texts in ${code} could not be read: ${error instanceof Error ? error.message : String(error)}`)
    return []
  }
}

/** No source maps in the production build: they would publish the text of src/. */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage === "build-javascript" || stage === "build-html") actions.setWebpackConfig({ devtool: false })
}

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  const result = await graphql<Queries.BuiltSiteQuery>(`
    query BuiltSite {
      markdownRemark(fields: { kind: { eq: "landing" }, lang: { eq: "en" } }) {
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
  const associations = associationFiles(siteFacts)
  const written = writeAssociationFiles(publicDir, associations)
  for (const note of associations.notes) reporter.warn(note)
  if (written.length > 0) reporter.info(`The app's association files: ${written.join(", ")}`)
  const compiled = await bundleServer(__dirname)
  reporter.info(`Compiled for Node: ${compiled.join(", ")}`)
}
