/**
 * Gatsby Browser APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/
 */
import type { GatsbyBrowser } from "gatsby"
import { watchSystemColorMode } from "./src/color-mode/watch-system-color-mode"
import { wrapWithErrorBoundary } from "./src/components/page-error-boundary"

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  watchSystemColorMode()
}

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => wrapWithErrorBoundary(element)
