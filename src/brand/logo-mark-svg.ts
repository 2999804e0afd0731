import { brandColors } from "./brand-colors"
import { LOGO_BOOK_PATH, LOGO_GRID, LOGO_LINES_PATH, LOGO_SPINE_PATH, LOGO_TILE_RADIUS } from "./logo-mark-drawing"

export type LogoMarkSvgOptions = {
  /** Width and height of the image in pixels. */
  size: number
  /** "rounded" as on the site; "square" fills the whole image, for icons the system rounds or masks itself. */
  tile: "rounded" | "square"
  /** How large the book is drawn, 1 being as on the site; smaller leaves room for a mask. */
  bookScale?: number
}

/**
 * The brand mark as a standalone SVG document: the source of the favicon and
 * of every PNG icon rendered from it.
 */
export function logoMarkSvg({ size, tile, bookScale = 1 }: LogoMarkSvgOptions): string {
  const center = LOGO_GRID / 2
  const radius = tile === "rounded" ? LOGO_TILE_RADIUS : 0
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${LOGO_GRID} ${LOGO_GRID}">`,
    `<rect width="${LOGO_GRID}" height="${LOGO_GRID}" rx="${radius}" fill="${brandColors.brand}"/>`,
    `<g transform="translate(${center} ${center}) scale(${bookScale}) translate(${-center} ${-center})">`,
    `<path d="${LOGO_BOOK_PATH}" fill="${brandColors.onBrand}"/>`,
    `<path d="${LOGO_SPINE_PATH}" stroke="${brandColors.brand}" stroke-width="2" stroke-linecap="round" fill="none"/>`,
    `<path d="${LOGO_LINES_PATH}" stroke="${brandColors.brand}" stroke-width="1.6" stroke-linecap="round" fill="none"/>`,
    `</g>`,
    `</svg>`,
  ].join("\n")
}
