/**
 * gatsby-plugin-image's scripts taken out of a static page while Gatsby
 * renders it. The plugin adds a module script and styles to every page's
 * head, and GatsbyImage renders a module script beside each image; the
 * image stays hidden (`opacity: 0`) until those scripts have run after the
 * page parsed, which cost the landing page Speed Index (docs/benchmarks.md).
 * A static page shows its images from the start, and PhoneMockup holds the
 * few layout rules of the plugin's styles. The image itself is still the
 * plugin's GatsbyImage, with its sizes and formats.
 */
import { GatsbyImage } from "gatsby-plugin-image"
import { isValidElement, type ReactNode } from "react"
import { renderToStaticMarkup } from "react-dom/server"

const ANY_IMAGE = { layout: "constrained", width: 1, height: 1, images: { fallback: { src: "/image.png" } } } as const

/** The `<script>` GatsbyImage renders beside every image, as its markup: the plugin's own, whatever its version. */
function besideImageScript(): string {
  const html = renderToStaticMarkup(<GatsbyImage image={ANY_IMAGE} alt="" />)
  const start = html.indexOf("<script")
  const end = html.indexOf("</script>", start)
  return start === -1 || end === -1 ? "" : html.slice(start, end + "</script>".length)
}

/** A page's body HTML without the scripts GatsbyImage rendered beside its images. */
export function withoutImageScripts(html: string): string {
  const script = besideImageScript()
  return script ? html.split(script).join("") : html
}

/** Whether a head component is one gatsby-plugin-image's onRenderBody adds to every page (keys `gatsby-image-style…`). */
export function isImagePluginHeadComponent(node: ReactNode): boolean {
  return isValidElement(node) && typeof node.key === "string" && node.key.startsWith("gatsby-image-style")
}
