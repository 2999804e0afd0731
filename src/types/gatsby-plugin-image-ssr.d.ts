/** gatsby-plugin-image's Gatsby SSR API, which ships without types of its own. */
declare module "gatsby-plugin-image/gatsby-ssr" {
  import type { GatsbySSR } from "gatsby"
  export const onRenderBody: NonNullable<GatsbySSR["onRenderBody"]>
}
