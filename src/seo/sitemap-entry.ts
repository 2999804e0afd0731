import { alternatesOf } from "./alternates"
import { pageUrl } from "./page-url"

/** A page's entry in sitemap.xml, as gatsby-plugin-sitemap's `serialize` returns it to the `sitemap` package. */
export type SitemapEntry = { url: string; links: { lang: string; url: string }[] }

/** A page's absolute address and its translations (`xhtml:link` alternates, x-default included). */
export function sitemapEntry(siteUrl: string, path: string): SitemapEntry {
  return {
    url: pageUrl(siteUrl, path),
    links: alternatesOf(siteUrl, path).map(({ hreflang, href }) => ({ lang: hreflang, url: href })),
  }
}
