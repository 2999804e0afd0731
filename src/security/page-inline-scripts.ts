import { createElement, Fragment, type ReactNode } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { GatsbyImage } from "gatsby-plugin-image"
import { onRenderBody as imagePluginRenderBody } from "gatsby-plugin-image/gatsby-ssr"
import { InitializeColorMode } from "theme-ui"
import { PAGE_SCRIPT } from "../ssr/page-scripts"
import { inlineScriptHashes, scriptHash } from "./inline-script-hashes"

/**
 * The elements the plugins put on the pages, gathered as Gatsby renders
 * them: what gatsby-plugin-image's onRenderBody adds to every page (its
 * styles and image-loading script), the script every GatsbyImage renders
 * beside itself, and what gatsby-plugin-theme-ui's onRenderBody adds,
 * Theme UI's InitializeColorMode (its gatsby-ssr.js is an ES module that
 * Node cannot require, so the component it renders is rendered here).
 * Static pages leave them all out (src/ssr/without-image-scripts.tsx and
 * gatsby-config); pages with Gatsby's runtime, when the color-mode toggle
 * is on, carry them.
 */
function pluginComponents(): ReactNode[] {
  const components: ReactNode[] = []
  const collect = (nodes: ReactNode[]) => void components.push(...nodes)
  const noop = () => undefined
  imagePluginRenderBody(
    {
      setHeadComponents: collect,
      setPreBodyComponents: collect,
      setPostBodyComponents: collect,
      setHtmlAttributes: noop,
      setBodyAttributes: noop,
      setBodyProps: noop,
      pathname: "/",
      loadPageDataSync: () => ({}),
      bodyHtml: "",
      scripts: [],
      styles: [],
      pathPrefix: "",
    } as unknown as Parameters<typeof imagePluginRenderBody>[0],
    { plugins: [] },
  )
  const anyImage = { layout: "constrained" as const, width: 1, height: 1, images: { fallback: { src: "/image.png" } } }
  components.push(createElement(GatsbyImage, { key: "image", alt: "", image: anyImage }))
  components.push(createElement(InitializeColorMode, { key: "theme-ui-no-flash" }))
  return components
}

/**
 * The SHA-256 hashes of every inline script a page of the site runs, for the
 * Content-Security-Policy's `script-src`: ours (src/ssr/page-scripts.ts) and
 * the plugins', taken from their sources when gatsby-config loads, so the
 * policy is complete before the first build and never depends on one. (A
 * test builds the site and proves that every inline script of every built
 * page is listed.)
 */
export function pageInlineScriptHashes(): string[] {
  const ours = [scriptHash(PAGE_SCRIPT.text)]
  const plugins = inlineScriptHashes(renderToStaticMarkup(createElement(Fragment, null, ...pluginComponents())))
  return [...new Set([...ours, ...plugins])].sort()
}
