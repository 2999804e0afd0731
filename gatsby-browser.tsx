/**
 * Gatsby Browser APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/
 */
import type { GatsbyBrowser } from "gatsby"
import { wrapWithErrorBoundary } from "./src/components/page-error-boundary"

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => wrapWithErrorBoundary(element)
