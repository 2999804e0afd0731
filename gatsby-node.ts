/**
 * Gatsby Node APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/
 * Types the Markdown in content/ and refuses a malformed file by name and
 * line, bundles the islands as data the pages query, creates the pages of
 * the legal texts (those of days to come included) after checking them,
 * gives `/get` the address the build is made for, and after the build
 * writes the files made from the brand and the site's facts (the app's
 * association files), compiles the production server and records what
 * the build was made from (src/build/build-state.ts).
 */
import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { associationFiles } from "./src/app-links/association-files"
import { bundleIslands } from "./src/build/bundle-islands"
import { forgetBuildRecord, sourceDigests, writeBuildRecord } from "./src/build/build-state"
import { bundleServer } from "./src/build/bundle-server"
import { CONTENT_ERROR_MAP, contentError, type ContentProblemAt } from "./src/build/content-errors"
import { renderBrandFiles } from "./src/build/render-brand-files"
import { writeAssociationFiles } from "./src/build/write-association-files"
import { siteFacts } from "./src/config/site-facts"
import { launchDateProblems } from "./src/launch/launch-dates"
import {
  checkLandingFrontmatter,
  checkLegalFrontmatter,
  fieldNamed,
  problemLine,
  type Frontmatter,
} from "./src/content/check-frontmatter"
import { contentFileLanguage, type ContentFileName } from "./src/content/content-file-language"
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguageCode, localizedPath } from "./src/i18n/languages"
import { checkLegalTexts } from "./src/legal/check-legal"
import { parseLegalPath } from "./src/legal/legal-layout"
import type { LegalPage } from "./src/legal/legal-page-context"
import { legalPagesToBuild } from "./src/legal/legal-schedule"
import { legalStatus } from "./src/legal/legal-status"
import { markdownProblems } from "./src/legal/render-markdown"
import { utcDay } from "./src/legal/version-in-force"
import { siteUrlOfBuild } from "./src/server/settings"

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
      "The code of the text's language (see src/i18n/languages.ts)."
      lang: String!
      "The file's name without its language: privacy-policy, index."
      document: String!
      "The file's path in its folder of content/: privacy-policy.es.md, archive/privacy-policy/2025-05-25.md."
      file: String!
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
 * it, and gives it its kind, document, language and file: `privacy-policy.es.md`
 * is the Spanish privacy policy, and `archive/privacy-policy/2025-05-25.es.md`
 * its version of that date (their pages are createPages'). A
 * problem stops the build; under `gatsby develop` the page shows it too
 * (see ContentProblems), so an editor sees it in the browser, not only in
 * the terminal.
 */
export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, getNode, actions, reporter }) => {
  if (node.internal.type !== "MarkdownRemark" || !node.parent) return
  const file = getNode(node.parent) as FileNode | undefined
  const kind = file?.sourceInstanceName ?? "unknown"
  const relativePath = file?.relativePath ?? "?"
  const where = `content/${kind}/${relativePath}`
  const { document, lang, problem } =
    kind === "legal" ? legalFileOf(relativePath, file?.name ?? "") : contentFileLanguage(file?.name ?? "")
  const frontmatter = (node.frontmatter ?? {}) as Frontmatter
  const raw = file?.absolutePath ? fs.readFileSync(file.absolutePath, "utf8") : ""
  const problems: ContentProblemAt[] = [
    ...(problem ? [problem] : []),
    ...(checks[kind]?.(frontmatter, lang !== DEFAULT_LANGUAGE) ?? []),
  ].map((message) => ({ file: where, line: problemLine(raw, message), message }))
  // A legal text is Markdown only: raw HTML (a refresh, an overlay), an image or a link elsewhere never reaches its page.
  if (kind === "legal")
    problems.push(...markdownProblems(raw).map(({ line, message }) => ({ file: where, line, message })))
  for (const found of problems) reporter.panicOnBuild(contentError("content-file", __dirname, found))
  actions.createNodeField({
    node,
    name: "problems",
    value: problems.map((found) => ({ file: where, field: fieldNamed(found.message), problem: found.message })),
  })
  actions.createNodeField({ node, name: "kind", value: kind })
  actions.createNodeField({ node, name: "lang", value: lang })
  actions.createNodeField({ node, name: "document", value: document })
  actions.createNodeField({ node, name: "file", value: relativePath })
}

/** A legal file's document and language, an archived version's included (see src/legal/legal-layout.ts). */
function legalFileOf(relativePath: string, name: string): ContentFileName {
  if (!relativePath.startsWith("archive/")) return contentFileLanguage(name)
  const version = parseLegalPath(relativePath)
  if (version && isLanguageCode(version.lang)) return { document: version.document, lang: version.lang }
  return {
    document: name,
    lang: DEFAULT_LANGUAGE,
    problem: "is not named like an archived version: archive/<document>/<YYYY-MM-DD>[.<lang>].md",
  }
}

/** Names the content problems this file reports (see src/build/content-errors.ts). */
export const onPluginInit: GatsbyNode["onPluginInit"] = ({ reporter }) => {
  reporter.setErrorMap(CONTENT_ERROR_MAP)
}

/** The address the pages are made for (see siteUrlOfBuild), read in onPreBootstrap. */
let siteUrl = siteFacts.siteUrl
/** The digests of the sources as this build found them, recorded once it finishes (see src/build/build-state.ts); null under develop. */
let sourcesBuilt: Record<string, string> | null = null

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  // The app's identities and planned launch days in the site's facts, checked before minutes of building rather than after.
  for (const problem of [...associationFiles(siteFacts).problems, ...launchDateProblems(siteFacts)])
    reporter.panicOnBuild(problem)
  try {
    siteUrl = siteUrlOfBuild(process.env)
  } catch (error) {
    reporter.panic(error instanceof Error ? error.message : String(error))
  }
  if (process.env.NODE_ENV === "production") {
    forgetBuildRecord(__dirname)
    sourcesBuilt = sourceDigests(__dirname)
  }
}

/** Says, before they start, what Gatsby's longest steps are doing: a log without a terminal names each step only once it ends. */
export const onPreBuild: GatsbyNode["onPreBuild"] = ({ reporter }) => {
  reporter.info(`Making the pages for ${siteUrl}: bundling their JavaScript and CSS, then rendering their HTML`)
}

type PageContext = { lang?: string; siteUrl?: string }

/** Whether a page of src/pages is `/get`, which shows a QR code of its own address. */
const isGetPage = (pagePath: string) => pagePath === "/get/" || pagePath === "/get"

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
      context: { ...page.context, lang: code, ...(isGetPage(page.path) ? { siteUrl } : {}) },
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
export const sourceNodes: GatsbyNode["sourceNodes"] = async ({
  actions,
  createNodeId,
  createContentDigest,
  reporter,
}) => {
  if (process.env.NODE_ENV !== "production" || siteFacts.showColorModeToggle) return
  const { scripts } = await bundleIslands(__dirname, path.join(__dirname, "public"))
  for (const [name, src] of Object.entries(scripts)) {
    const fields = { name, src }
    actions.createNode({
      id: createNodeId(`island-${name}`),
      ...fields,
      internal: { type: "Island", contentDigest: createContentDigest(fields) },
    })
    reporter.info(`Island ${name}: ${src}`)
  }
}

/**
 * The pages of the legal texts (see src/legal/legal-schedule.ts): each as
 * it is on the build's day, and those that change on a day to come as they
 * will be then, which the production server switches to on that day. The
 * legal check runs first, against content/legal/legal.lock.json: a problem
 * stops the build, naming the file and what to run. Under `gatsby develop`
 * this runs again on every save in content/legal/ (texts, archive and lock
 * are all sourced for that), and the legal pages show the problems.
 */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.LegalFilesQuery>(`
    query LegalFiles {
      allMarkdownRemark(filter: { fields: { kind: { eq: "legal" } } }) {
        nodes {
          id
          fields {
            file
          }
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the legal texts", result.errors)
    return
  }
  const checked = checkLegalTexts(__dirname)
  for (const found of checked) reporter.panicOnBuild(contentError("legal-check", __dirname, found))
  const legalProblems = checked.map(({ file, message }) => ({ file, field: null, problem: message }))
  const ids = new Map(result.data.allMarkdownRemark.nodes.map(({ id, fields }) => [fields.file, id]))
  const today = utcDay(new Date())
  for (const page of legalPagesOrNone(today, reporter)) {
    const component = path.resolve(`src/templates/legal-${page.template}.tsx`)
    if (page.template !== "page") {
      actions.createPage({ path: page.path, component, context: page.context })
      continue
    }
    const id = ids.get(page.context.file)
    if (id) actions.createPage({ path: page.path, component, context: { ...page.context, id, legalProblems } })
    else reporter.panicOnBuild(`content/legal/${page.context.file} has no Markdown node to render`)
  }
  const outdated = legalStatus(__dirname, today).texts.filter((text) => text.state === "outdated")
  if (outdated.length > 0) {
    reporter.warn(
      `Outdated translations of legal texts:\n${outdated.map((text) => `  ${text.document} (${text.lang}): outdated, translates ${text.translationOf ?? "?"}, English is ${text.englishDate}`).join("\n")}`,
    )
  }
}

/** The legal pages of a build made on `today`, or none when the texts cannot be read (the check has said why). */
function legalPagesOrNone(today: string, reporter: { panicOnBuild: (message: string) => void }): LegalPage[] {
  try {
    return legalPagesToBuild(__dirname, today, siteFacts)
  } catch (error) {
    reporter.panicOnBuild(
      `The versions of the legal texts could not be read: ${error instanceof Error ? error.message : String(error)}`,
    )
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
  if (sourcesBuilt) writeBuildRecord(__dirname, { siteUrl, sources: sourcesBuilt })
}
