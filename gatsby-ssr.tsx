/**
 * Gatsby Server Rendering APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/
 */
import type { GatsbySSR } from "gatsby"
import { systemColorModeScript } from "./src/color-mode/system-color-mode-script"
import { wrapWithErrorBoundary } from "./src/components/page-error-boundary"
import { currentYearScript } from "./src/static-html/current-year-script"

/**
 * `<html lang>`, and the two small scripts every page runs, with or without
 * Gatsby's client runtime: the system's color-scheme record and the year.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents, setPostBodyComponents }) => {
  setHtmlAttributes({ lang: "en" })
  setHeadComponents([<script key="system-color-mode" dangerouslySetInnerHTML={{ __html: systemColorModeScript }} />])
  setPostBodyComponents([<script key="current-year" dangerouslySetInnerHTML={{ __html: currentYearScript }} />])
}

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element }) => wrapWithErrorBoundary(element)
