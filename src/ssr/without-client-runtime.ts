/**
 * Takes Gatsby's client runtime out of a page while Gatsby renders it, in
 * gatsby-ssr's onPreRenderHTML, as gatsby-plugin-no-javascript does: every
 * page is complete as HTML (links are plain links, the mockup fades in with
 * CSS), and the one interactive part, the contact form, hydrates as an
 * island from its own script (src/islands/).
 *
 * What it works around: Gatsby has no option to build pages without its
 * runtime, so these filters recognise the elements static-entry.js pushes
 * (gatsby/cache-dir/static-entry.js, Gatsby 5.16): the page's path script
 * (`id="gatsby-script-loader"`), the `_gatsby-scripts` slice that Gatsby
 * stitches the runtime's script tags and chunk map into, the same tags when
 * slices are off, and the preload links of the runtime and page data.
 * When Gatsby changes them, the built-pages tests fail (a page would load
 * `/app-*.js` again); it can go the day Gatsby builds script-free pages itself.
 */
import { isValidElement, type ReactElement, type ReactNode } from "react"

type Props = { id?: string; src?: string; as?: string; href?: string; sliceId?: string }

const propsOf = (node: ReactNode): Props | null =>
  isValidElement(node) ? ((node as ReactElement<Props>).props ?? {}) : null

/** The runtime's parts among the head's components: preloads of its scripts and of page data. */
export function isRuntimeHeadComponent(node: ReactNode): boolean {
  const props = propsOf(node)
  if (!props) return false
  return props.as === "script" || props.as === "fetch" || (props.href?.startsWith("/page-data/") ?? false)
}

/** The runtime's parts among the components after the body: its scripts, its chunk map and the slice that carries them. */
export function isRuntimePostBodyComponent(node: ReactNode): boolean {
  const props = propsOf(node)
  if (!props) return false
  return (
    props.id === "gatsby-script-loader" ||
    props.id === "gatsby-chunk-mapping" ||
    props.sliceId === "_gatsby-scripts" ||
    (isValidElement(node) && node.type === "script" && props.src !== undefined)
  )
}
