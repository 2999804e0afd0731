/**
 * Gatsby Server Rendering APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/
 * The small inline scripts every page runs, each page's language, and, in
 * the production build, pages without Gatsby's client runtime. (`<html lang>`
 * comes from each page's Head, see Seo.)
 */
import type { GatsbySSR } from "gatsby"
import { wrapPage } from "./src/components/wrap-page"
import { siteFacts } from "./src/config/site-facts"
import { PAGE_SCRIPTS } from "./src/ssr/page-scripts"
import { isRuntimeHeadComponent, isRuntimePostBodyComponent } from "./src/ssr/without-client-runtime"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents, setPostBodyComponents }) => {
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

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => wrapPage(element, props.pageContext)
