/**
 * Gatsby Server Rendering APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/
 * The small inline scripts every page runs, each page's language, and, in
 * the production build, pages without Gatsby's client runtime, whose
 * Japanese text breaks between phrases. (`<html lang>` comes from each
 * page's Head, see Seo.)
 */
import type { GatsbySSR } from "gatsby"
import { wrapPage } from "./src/components/wrap-page"
import { siteFacts } from "./src/config/site-facts"
import { splitLanguage } from "./src/i18n/languages"
import { PAGE_SCRIPTS } from "./src/ssr/page-scripts"
import { breaksBetweenPhrases, withPhraseBreaks } from "./src/ssr/phrase-breaks"
import { renderBody } from "./src/ssr/render-body"
import { isRuntimeHeadComponent, isRuntimePostBodyComponent } from "./src/ssr/without-client-runtime"

/**
 * Whether built pages ship without Gatsby's client runtime: in the
 * production build, while the color-mode toggle is hidden (the toggle in the
 * header needs React on every page). `gatsby develop` keeps the runtime, as
 * editors expect.
 */
const pagesAreStatic = () => !siteFacts.showColorModeToggle && process.env.NODE_ENV === "production"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents, setPostBodyComponents }) => {
  const { head, postBody, referral } = PAGE_SCRIPTS
  setHeadComponents([<script key={head.key} dangerouslySetInnerHTML={{ __html: head.text }} />])
  setPostBodyComponents(
    [postBody, referral].map(({ key, text }) => <script key={key} dangerouslySetInnerHTML={{ __html: text }} />),
  )
}

/**
 * Every built page ships without Gatsby's client runtime; the contact form
 * brings its own island script (see ContactFormIsland).
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  if (!pagesAreStatic()) return
  replaceHeadComponents(getHeadComponents().filter((node) => !isRuntimeHeadComponent(node)))
  replacePostBodyComponents(getPostBodyComponents().filter((node) => !isRuntimePostBodyComponent(node)))
}

/**
 * A Japanese page's lines break between phrases: its body, rendered as
 * Gatsby would, gets `<wbr>` at each phrase's end (src/ssr/phrase-breaks.ts).
 * Only static pages: a page the runtime renders again in the browser would
 * lose them. Every other page Gatsby renders itself.
 */
export const replaceRenderer: GatsbySSR["replaceRenderer"] = async ({
  bodyComponent,
  replaceBodyHTMLString,
  pathname,
}) => {
  const { code } = splitLanguage(pathname)
  if (!pagesAreStatic() || !breaksBetweenPhrases(code)) return
  replaceBodyHTMLString(withPhraseBreaks(await renderBody(bodyComponent), code))
}

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) =>
  wrapPage(element, props.pageContext)
