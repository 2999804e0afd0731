/**
 * Gatsby Server Rendering APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/
 * `<html lang>`, the small inline scripts every page runs, and, in the
 * production build, pages without Gatsby's client runtime.
 */
import type { GatsbySSR } from "gatsby"
import { wrapWithErrorBoundary } from "./src/components/page-error-boundary"
import { siteFacts } from "./src/config/site-facts"
import { PAGE_SCRIPTS } from "./src/ssr/page-scripts"
import { isRuntimeHeadComponent, isRuntimePostBodyComponent } from "./src/ssr/without-client-runtime"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents, setPostBodyComponents }) => {
  setHtmlAttributes({ lang: "en" })
  const { head, postBody } = PAGE_SCRIPTS
  setHeadComponents([<script key={head.key} dangerouslySetInnerHTML={{ __html: head.text }} />])
  setPostBodyComponents([<script key={postBody.key} dangerouslySetInnerHTML={{ __html: postBody.text }} />])
}

/**
 * Every built page ships without Gatsby's client runtime; the contact form
 * brings its own island script (see ContactFormIsland). While the color-mode
 * toggle is shown, pages keep the runtime: the toggle in the header needs
 * React on every page. `gatsby develop` keeps it too, as editors expect.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents, getPostBodyComponents, replacePostBodyComponents }) => {
  if (siteFacts.showColorModeToggle || process.env.NODE_ENV !== "production") return
  replaceHeadComponents(getHeadComponents().filter((node) => !isRuntimeHeadComponent(node)))
  replacePostBodyComponents(getPostBodyComponents().filter((node) => !isRuntimePostBodyComponent(node)))
}

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element }) => wrapWithErrorBoundary(element)
