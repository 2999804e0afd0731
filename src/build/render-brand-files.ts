import fs from "fs"
import path from "path"
import sharp from "sharp"
import type { SiteFacts } from "../config/site-facts"
import { APPLE_TOUCH_ICON_SIZE, brandFiles, FAVICON_PNG_SIZE, manifestIcons } from "../brand/brand-files"
import { icoFromPng } from "./ico-from-png"
import { logoMarkSvg } from "../brand/logo-mark-svg"
import { shareImageSvg, type ShareImageContent } from "../brand/share-image-svg"
import { webAppManifest } from "../brand/web-app-manifest"

/** The maskable icon's book is drawn smaller, well inside the central circle (80 % of the side) that every mask keeps. */
const MASKABLE_BOOK_SCALE = 0.8

const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()

/**
 * Makes every file that carries the brand from the SVG drawn in code and
 * writes it into the built site: the SVG, PNG and ICO favicons, the
 * apple-touch-icon, the manifest and its icons, and the share image.
 * @param publicDir the folder `gatsby build` fills
 * @returns the paths written, as the site serves them
 */
export async function renderBrandFiles(
  publicDir: string,
  facts: Pick<SiteFacts, "appName" | "description">,
  shareImage: ShareImageContent,
): Promise<string[]> {
  const faviconPng = await png(logoMarkSvg({ size: FAVICON_PNG_SIZE, tile: "rounded" }))
  const files: [string, Buffer | string][] = [
    [brandFiles.faviconSvg, logoMarkSvg({ size: FAVICON_PNG_SIZE, tile: "rounded" })],
    [brandFiles.faviconPng, faviconPng],
    [brandFiles.faviconIco, icoFromPng(faviconPng, FAVICON_PNG_SIZE)],
    [brandFiles.appleTouchIcon, await png(logoMarkSvg({ size: APPLE_TOUCH_ICON_SIZE, tile: "square" }))],
    [brandFiles.manifest, JSON.stringify(webAppManifest(facts), null, 2)],
    [brandFiles.shareImage, await png(shareImageSvg(shareImage))],
  ]
  for (const { src, size, purpose } of manifestIcons) {
    const svg =
      purpose === "maskable"
        ? logoMarkSvg({ size, tile: "square", bookScale: MASKABLE_BOOK_SCALE })
        : logoMarkSvg({ size, tile: "rounded" })
    files.push([src, await png(svg)])
  }
  for (const [servedAt, content] of files) fs.writeFileSync(path.join(publicDir, servedAt), content)
  return files.map(([servedAt]) => servedAt)
}
