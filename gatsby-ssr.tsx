/**
 * Gatsby Server Rendering APIs: https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/
 * The one small inline script every page runs, each page's language, and,
 * in the production build, pages without Gatsby's client runtime, with one
 * stylesheet, whose Japanese text breaks between phrases. (`<html lang>` comes from each
 * page's Head, see Seo.)
 */
import type { GatsbySSR } from "gatsby"
import { wrapPage } from "./src/components/wrap-page"
import { siteFacts } from "./src/config/site-facts"
import { splitLanguage } from "./src/i18n/languages"
import { PAGE_SCRIPT } from "./src/ssr/page-scripts"
import { breaksBetweenPhrases, withPhraseBreaks } from "./src/ssr/phrase-breaks"
import { isHeadCopyOfPageStyles, renderWithOneStylesheet } from "./src/ssr/one-stylesheet"
import { isRuntimeHeadComponent, isRuntimePostBodyComponent } from "./src/ssr/without-client-runtime"
import { isImagePluginHeadComponent, withoutImageScripts } from "./src/ssr/without-image-scripts"

/**
 * Whether built pages ship without Gatsby's client runtime: in the
 * production build, while the color-mode toggle is hidden (the toggle in the
 * header needs React on every page). `gatsby develop` keeps the runtime, as
 * editors expect.
 */
const pagesAreStatic = () => !siteFacts.showColorModeToggle && process.env.NODE_ENV === "production"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setPostBodyComponents }) => {
  setPostBodyComponents([<script key={PAGE_SCRIPT.key} dangerouslySetInnerHTML={{ __html: PAGE_SCRIPT.text }} />])
}

/**
 * Every built page ships without Gatsby's client runtime (the islands bring
 * their own scripts, see ContactFormIsland), without the Head API's copies
 * of its styles, which its one stylesheet holds, and without the image
 * plugin's styles and script (src/ssr/without-image-scripts.tsx).
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  if (!pagesAreStatic()) return
  replaceHeadComponents(
    getHeadComponents().filter(
      (node) => !isRuntimeHeadComponent(node) && !isHeadCopyOfPageStyles(node) && !isImagePluginHeadComponent(node),
    ),
  )
  replacePostBodyComponents(getPostBodyComponents().filter((node) => !isRuntimePostBodyComponent(node)))
}

/**
 * Every static page's styles are one stylesheet in its head
 * (src/ssr/one-stylesheet.tsx), and a Japanese page's lines break between
 * phrases: its body gets `<wbr>` at each phrase's end
 * (src/ssr/phrase-breaks.ts). Only static pages: a page the runtime renders
 * again in the browser would lose the breaks, and its emotion writes its
 * own styles. Every other page Gatsby renders itself.
 */
export const replaceRenderer: GatsbySSR["replaceRenderer"] = async ({
  bodyComponent,
  replaceBodyHTMLString,
  setHeadComponents,
  pathname,
}) => {
  if (!pagesAreStatic()) return
  const { code } = splitLanguage(pathname)
  const { html: styled, stylesheet } = await renderWithOneStylesheet(bodyComponent)
  setHeadComponents([stylesheet])
  const html = withoutImageScripts(styled)
  replaceBodyHTMLString(breaksBetweenPhrases(code) ? withPhraseBreaks(html, code) : html)
}

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) =>
  wrapPage(element, props.pageContext)
