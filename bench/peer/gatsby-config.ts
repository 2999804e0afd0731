/**
 * The benchmark's peer: a bare Gatsby 5 site with the landing page's content
 * and nothing else, built and measured beside ours by `npm run bench`.
 */
import type { GatsbyConfig } from "gatsby"

const config: GatsbyConfig = {
  siteMetadata: { title: "Peer" },
  trailingSlash: "never",
  jsxRuntime: "automatic",
  plugins: ["gatsby-plugin-image", "gatsby-plugin-sharp", "gatsby-transformer-sharp"],
}

export default config
