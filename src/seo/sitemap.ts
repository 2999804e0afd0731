import { pageUrl } from "./page-url"

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;")

/**
 * The sitemap (https://www.sitemaps.org/protocol.html) of the given pages,
 * each at its absolute address, in the order given.
 * @param siteUrl the public address of the site, without a trailing slash
 * @param pathnames the pages' paths, such as "/" and "/contact"
 */
export function sitemapXml(siteUrl: string, pathnames: readonly string[]): string {
  const urls = pathnames.map((pathname) => `  <url><loc>${escapeXml(pageUrl(siteUrl, pathname))}</loc></url>`)
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    ``,
  ].join("\n")
}

/** robots.txt allowing every crawler everywhere but the API, and naming the sitemap by its absolute address. */
export function robotsTxt(siteUrl: string, sitemapPath: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /api/", "", `Sitemap: ${pageUrl(siteUrl, sitemapPath)}`, ""].join("\n")
}

/**
 * Which of the built pages belong in the sitemap: every page but the 404
 * page (and Gatsby's development 404), without duplicates, sorted so the
 * landing page comes first.
 */
export function sitemapPaths(pagePaths: readonly string[]): string[] {
  const listed = pagePaths.filter((path) => !/^\/(404|dev-404-page)(\.html)?\/?$/.test(path))
  return [...new Set(listed)].sort((a, b) => (a === "/" ? -1 : b === "/" ? 1 : a.localeCompare(b)))
}
