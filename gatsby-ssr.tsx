/**
 * Gatsby Server Rendering APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/
 */
import type { GatsbySSR } from "gatsby"
import { wrapWithErrorBoundary } from "./src/components/page-error-boundary"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" })
}

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element }) => wrapWithErrorBoundary(element)
