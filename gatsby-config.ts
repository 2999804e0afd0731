/**
 * Gatsby configuration: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-config/
 */
import type { GatsbyConfig } from "gatsby"
import { siteFacts } from "./src/config/site-facts"
import { LANGUAGES, languagePrefix } from "./src/i18n/languages"
import { sitemapEntry } from "./src/seo/sitemap-entry"

/** The legal texts, whose versions have pages of their own under their path. */
const LEGAL_DOCUMENTS = ["privacy-policy", "terms-and-conditions"]
import { parseFrontmatterYaml } from "./src/content/frontmatter-yaml"
import { SCHEDULED_FOLDER } from "./src/routing/scheduled-pages"
import { pageInlineScriptHashes } from "./src/security/page-inline-scripts"
import { siteHeaders } from "./src/security/security-headers"
import { developRouter } from "./src/server/develop"

// Gatsby's page renderer bundles node-fetch 2, whose URL parser loads Node's
// deprecated `punycode` module: each build worker would print Node 24's
// warning, which Gatsby shows as "ERROR UNKNOWN". The workers inherit this.
process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, "--disable-warning=DEP0040"].filter(Boolean).join(" ")

const config: GatsbyConfig = {
  siteMetadata: {
    title: siteFacts.appName,
    siteUrl: siteFacts.siteUrl,
    description: siteFacts.description,
  },
  graphqlTypegen: { generateOnBuild: true },
  jsxRuntime: "automatic",
  jsxImportSource: "theme-ui",
  trailingSlash: "never",
  // `gatsby develop` serves the production server's route table through its own router (src/server/develop.ts).
  developMiddleware: (app) => {
    app.use(developRouter(process.env))
  },
  // The security headers of every response, for hosting adapters and for our
  // own server (src/server/main.ts reads them from here). The CSP lists the
  // hashes of the pages' inline scripts, taken from their sources.
  headers: siteHeaders(pageInlineScriptHashes()),
  plugins: [
    // Preact in place of React in the browser: the same API in fewer bytes (see docs/benchmarks.md).
    "gatsby-plugin-preact",
    {
      resolve: "gatsby-plugin-theme-ui",
      // Its script that applies a chosen color mode before the first paint: only the toggle lets a visitor choose one, so pages without it read none (docs/architecture.md).
      options: { injectColorFlashScript: siteFacts.showColorModeToggle },
    },
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "images", path: `${__dirname}/src/images` },
    },
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "landing", path: `${__dirname}/content/landing` },
    },
    {
      resolve: "gatsby-source-filesystem",
      // Every version of the legal texts, and the lock, so that under develop a save of any of them checks them again (see gatsby-node's createPages).
      options: { name: "legal", path: `${__dirname}/content/legal` },
    },
    // sitemap-index.xml and sitemap-0.xml: every page of every language but the 404 pages, the pages the links of mails open,
    // the records of the legal texts' versions, the pages built for days to come and the admin (noindex), at its absolute address, with its translations as xhtml:link alternates.
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        excludes: ["/admin", "/admin/*"].concat(
          LANGUAGES.flatMap(({ code }) => [
            `${languagePrefix(code)}/waitlist/*`,
            `${languagePrefix(code)}/404`,
            ...LEGAL_DOCUMENTS.flatMap((document) => [
              `${languagePrefix(code)}/${document}/*`,
              `${languagePrefix(code)}/${document}/*/*`,
            ]),
            `${languagePrefix(code)}/${SCHEDULED_FOLDER}/**`,
          ]),
        ),
        serialize: ({ path }: { path: string }) => sitemapEntry(siteFacts.siteUrl, path),
      },
    },
    {
      resolve: "gatsby-plugin-robots-txt",
      options: {
        host: siteFacts.siteUrl,
        sitemap: `${siteFacts.siteUrl}/sitemap-index.xml`,
        policy: [{ userAgent: "*", allow: "/", disallow: "/api/" }],
      },
    },
    {
      resolve: "gatsby-transformer-remark",
      options: {
        // Frontmatter dates stay as written, so the build can refuse 2025-02-30 by name (see frontmatter-yaml.ts).
        engines: { yaml: parseFrontmatterYaml },
        plugins: [
          { resolve: "gatsby-remark-site-facts", options: { facts: siteFacts, root: __dirname } },
          {
            resolve: "gatsby-remark-localize-links",
            options: { prefixes: Object.fromEntries(LANGUAGES.map(({ code }) => [code, languagePrefix(code)])) },
          },
        ],
      },
    },
  ],
}

export default config
