/**
 * Gatsby configuration: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-config/
 */
import type { GatsbyConfig } from "gatsby"
import { siteFacts } from "./src/config/site-facts"
import { readScriptHashRecord } from "./src/security/script-hash-record"
import { securityHeaders } from "./src/security/security-headers"

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
  // The security headers of every response, for hosting adapters and for our
  // own server (src/server/start.ts reads them from here). The CSP lists the
  // hashes of the inline scripts the last build emitted: see the README.
  headers: [{ source: "/*", headers: securityHeaders(readScriptHashRecord(__dirname) ?? []) }],
  plugins: [
    // Preact in place of React in the browser: the same API at a fifth of the
    // bytes and evaluation time (see docs/benchmarks.md).
    "gatsby-plugin-preact",
    "gatsby-plugin-theme-ui",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "landing", path: `${__dirname}/content/landing` },
    },
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "legal", path: `${__dirname}/content/legal` },
    },
    "gatsby-transformer-remark",
  ],
}

export default config
