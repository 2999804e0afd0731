/**
 * Gatsby Browser APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/
 */
import type { GatsbyBrowser } from "gatsby"
import { wrapPage } from "./src/components/wrap-page"

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) =>
  wrapPage(element, props.pageContext)
