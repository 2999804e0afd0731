import { trimSlashes, trimTrailingSlashes } from "../routing/trim-slashes"

/**
 * The absolute address of a page of the site, as search engines and link
 * previews should know it: the site's address, then the path without a
 * trailing slash (gatsby-config's `trailingSlash: "never"`), the landing
 * page being the site's address with a single slash.
 * @param siteUrl the public address of the site, without a trailing slash
 * @param pathname the page's path, as `location.pathname` gives it
 */
export function pageUrl(siteUrl: string, pathname: string): string {
  const path = `/${trimSlashes(pathname)}`
  return new URL(path, `${trimTrailingSlashes(siteUrl)}/`).href
}
