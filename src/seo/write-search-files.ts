import fs from "fs"
import path from "path"
import { robotsTxt, sitemapPaths, sitemapXml } from "./sitemap"

export const SITEMAP_PATH = "/sitemap.xml"
export const ROBOTS_PATH = "/robots.txt"

/**
 * Writes sitemap.xml (every built page but the 404 page) and robots.txt
 * pointing at it into the built site.
 * @param publicDir the folder `gatsby build` fills
 * @param siteUrl the public address of the site, without a trailing slash
 * @param pagePaths the paths of every page Gatsby built
 * @returns the paths listed in the sitemap
 */
export function writeSearchFiles(publicDir: string, siteUrl: string, pagePaths: readonly string[]): string[] {
  const listed = sitemapPaths(pagePaths)
  fs.writeFileSync(path.join(publicDir, SITEMAP_PATH), sitemapXml(siteUrl, listed))
  fs.writeFileSync(path.join(publicDir, ROBOTS_PATH), robotsTxt(siteUrl, SITEMAP_PATH))
  return listed
}
