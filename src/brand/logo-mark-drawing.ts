/**
 * The drawing of the brand mark, shared by the mark the pages show
 * (components/logo-mark.tsx) and the icons and share image made from it at
 * build time, so the favicon can never drift from the logo.
 */

/** The mark is drawn on a 48 × 48 grid. */
export const LOGO_GRID = 48
/** Corner radius of the orange tile on that grid. */
export const LOGO_TILE_RADIUS = 12
/** The open book, in the dark color. */
export const LOGO_BOOK_PATH =
  "M24 15c-3.5-2.6-8-3.4-12-2.4v21c4-1 8.5-.2 12 2.4 3.5-2.6 8-3.4 12-2.4v-21c-4-1-8.5-.2-12 2.4z"
/** The book's spine, in the orange of the tile. */
export const LOGO_SPINE_PATH = "M24 16.5v18.6"
/** The lines of text on the pages, in the orange of the tile. */
export const LOGO_LINES_PATH =
  "M15.5 20.5c2.3-.2 4.6.3 6.5 1.4M15.5 25.5c2.3-.2 4.6.3 6.5 1.4M26 21.9c1.9-1.1 4.2-1.6 6.5-1.4"
