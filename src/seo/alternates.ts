import { LANGUAGES, localizedPath, splitLanguage } from "../i18n/languages"
import { pageUrl } from "./page-url"

/** One translation of a page, as `<link rel="alternate" hreflang>` and the sitemap's `xhtml:link` name it. */
export type Alternate = { hreflang: string; href: string }

/**
 * The addresses of a page in every language of the site, and English again
 * as `x-default` (for visitors whose language the site does not speak).
 * Every page of every language gets the same list, so the links are
 * reciprocal, as search engines require.
 * @param siteUrl the public address of the site, without a trailing slash
 * @param pathname the page's path in any of its languages
 */
export function alternatesOf(siteUrl: string, pathname: string): Alternate[] {
  const { path } = splitLanguage(pathname)
  const translations = LANGUAGES.map(({ code, htmlLang }) => ({
    hreflang: htmlLang,
    href: pageUrl(siteUrl, localizedPath(code, path)),
  }))
  return [...translations, { hreflang: "x-default", href: pageUrl(siteUrl, path) }]
}
