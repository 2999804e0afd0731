import type { ReactNode } from "react"
import { brandColors } from "../brand/brand-colors"
import { brandFiles, FAVICON_PNG_SIZE, SHARE_IMAGE_SIZE } from "../brand/brand-files"
import { siteFacts } from "../config/site-facts"
import { LANGUAGES, languageOf, splitLanguage } from "../i18n/languages"
import { translate } from "../i18n/messages"
import { alternatesOf } from "../seo/alternates"
import { pageUrl } from "../seo/page-url"

type SeoProps = {
  /** The page's own title; the site-wide template adds the app's name. Without it, the app's name alone. */
  title?: string
  description?: string
  /** The page's path, from the Head API's `location.pathname`; its prefix says the page's language. */
  pathname: string
  /** Keeps the page out of search engines (the 404 page): no canonical address, a `robots` noindex. */
  noindex?: boolean
  /** More tags for this page only, such as its structured data. */
  children?: ReactNode
}

/** The title of a page after the site-wide template: "Contact us | Storyling". */
export const pageTitle = (title?: string) => (title ? `${title} | ${siteFacts.appName}` : siteFacts.appName)

/**
 * The tags of a page's head, for the Head API
 * (https://www.gatsbyjs.com/docs/reference/built-in-components/gatsby-head/):
 * `<html lang>`, title, description, canonical address, the page in every
 * language (hreflang, with English as x-default), link previews (Open Graph
 * and Twitter, with the page's locale), theme colors, icons, manifest and
 * the Smart App Banner, once the app is live, whose `app-argument` is the
 * page's own address (the home page's for a noindex page), so the
 * installed app opens where the visitor was.
 */
export function Seo({ title, description, pathname, noindex = false, children }: SeoProps) {
  const { code } = splitLanguage(pathname)
  const language = languageOf(code)
  const shownDescription = description ?? translate(code, "site.description")
  const imageAlt = translate(code, "site.shareImageAlt")
  const fullTitle = pageTitle(title)
  const url = pageUrl(siteFacts.siteUrl, noindex ? "/" : pathname)
  const image = pageUrl(siteFacts.siteUrl, brandFiles.shareImage)
  return (
    <>
      <html lang={language.htmlLang} />
      <title>{fullTitle}</title>
      <meta name="description" content={shownDescription} />
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      {!noindex &&
        alternatesOf(siteFacts.siteUrl, pathname).map(({ hreflang, href }) => (
          <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
        ))}
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content={brandColors.darkBackground} />
      <meta name="theme-color" media="(prefers-color-scheme: light)" content={brandColors.lightBackground} />
      <link rel="icon" href={brandFiles.faviconSvg} type="image/svg+xml" />
      <link
        rel="icon"
        href={brandFiles.faviconPng}
        type="image/png"
        sizes={`${FAVICON_PNG_SIZE}x${FAVICON_PNG_SIZE}`}
      />
      <link rel="apple-touch-icon" href={brandFiles.appleTouchIcon} />
      <link rel="manifest" href={brandFiles.manifest} />
      {siteFacts.appLive && siteFacts.appStoreId && (
        <meta name="apple-itunes-app" content={`app-id=${siteFacts.appStoreId}, app-argument=${url}`} />
      )}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteFacts.appName} />
      <meta property="og:locale" content={language.ogLocale} />
      {LANGUAGES.filter((other) => other.code !== code).map(({ ogLocale }) => (
        <meta key={ogLocale} property="og:locale:alternate" content={ogLocale} />
      ))}
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={shownDescription} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(SHARE_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE_SIZE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={shownDescription} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      {children}
    </>
  )
}
