/**
 * Where the files made from the brand at build time are served, so the tags
 * of every page, the web app manifest and the build that writes the files
 * agree on one list.
 */

/** A square PNG icon of the manifest. */
export type ManifestIcon = {
  src: string
  /** Width and height in pixels. */
  size: number
  /** "maskable" icons keep the mark inside the central safe zone and fill the whole square. */
  purpose: "any" | "maskable"
}

export const brandFiles = {
  /** The favicon modern browsers use. */
  faviconSvg: "/favicon.svg",
  /** The favicon for browsers that do not draw SVG icons. */
  faviconPng: "/favicon-32x32.png",
  /** What tools that ask for /favicon.ico without reading the page get. */
  faviconIco: "/favicon.ico",
  /** The icon iOS puts on the home screen (180 × 180, opaque). */
  appleTouchIcon: "/apple-touch-icon.png",
  manifest: "/manifest.webmanifest",
  /** The picture of link previews (Open Graph and Twitter). */
  shareImage: "/share-image.png",
} as const

export const FAVICON_PNG_SIZE = 32
export const APPLE_TOUCH_ICON_SIZE = 180
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const

export const manifestIcons: readonly ManifestIcon[] = [
  { src: "/icon-192.png", size: 192, purpose: "any" },
  { src: "/icon-512.png", size: 512, purpose: "any" },
  { src: "/icon-maskable-512.png", size: 512, purpose: "maskable" },
]
