/**
 * A page's styles as one stylesheet in its head, made while Gatsby renders
 * the page (gatsby-ssr's replaceRenderer), with emotion's own server API.
 * Rendered as Gatsby does, emotion (under Theme UI) writes a `<style>`
 * before each styled element: 41 on the landing page, each a stylesheet the
 * browser adds while it parses (the figures are in docs/benchmarks.md).
 * Here the body renders with an emotion cache in emotion's "compat" mode,
 * which writes no `<style>` of its own, and `extractCritical` gives the CSS
 * of the class names the HTML uses and of the global styles, in the order
 * they were rendered.
 */
import createCache from "@emotion/cache"
import { CacheProvider } from "@emotion/react"
import createEmotionServer from "@emotion/server/create-instance"
import { isValidElement, type ReactElement, type ReactNode } from "react"
import { renderBody } from "./render-body"

/** The key of emotion's class names (`css-1ucgj3q`), as Theme UI's default cache names them. */
const EMOTION_KEY = "css"

/** A page's body as HTML without any `<style>`, and the stylesheet of all it styles. */
export type StyledBody = { html: string; stylesheet: ReactElement }

/** Renders a page's body (see renderBody) with its styles gathered into one `<style>` element for the head. */
export async function renderWithOneStylesheet(body: ReactNode): Promise<StyledBody> {
  const cache = createCache({ key: EMOTION_KEY })
  const { extractCritical } = createEmotionServer(cache)
  const { html, css, ids } = extractCritical(await renderBody(<CacheProvider value={cache}>{body}</CacheProvider>))
  // `data-emotion` names what the sheet holds, as emotion's SSR does, so a script using emotion (the admin's) adds none of it again.
  const stylesheet = (
    <style
      key="page-styles"
      data-emotion={`${EMOTION_KEY} ${ids.join(" ")}`}
      dangerouslySetInnerHTML={{ __html: css }}
    />
  )
  return { html, stylesheet }
}

/**
 * Whether a head component is a copy of page styles that Gatsby's Head API
 * rendered: Gatsby renders each page's Head inside wrapRootElement, where
 * Theme UI's provider writes its global styles again, as `<style
 * data-emotion data-gatsby-head>`. The page's one stylesheet holds them.
 * It can go when Gatsby renders the Head without the root's wrappers, or
 * Theme UI its global styles once; a build test counts a page's `<style>` elements.
 */
export function isHeadCopyOfPageStyles(node: ReactNode): boolean {
  if (!isValidElement(node) || node.type !== "style") return false
  const props = node.props as Record<string, unknown>
  return props["data-emotion"] !== undefined && props["data-gatsby-head"] !== undefined
}
