import {
  LOGO_BOOK_PATH,
  LOGO_GRID,
  LOGO_LINES_PATH,
  LOGO_SPINE_PATH,
  LOGO_TILE_RADIUS,
} from "../brand/logo-mark-drawing"

type LogoMarkProps = { size?: number }

/** The brand mark: an open book on an orange tile, the pages' edge a story's path. */
export function LogoMark({ size = 36 }: LogoMarkProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${LOGO_GRID} ${LOGO_GRID}`}
      aria-hidden="true"
      focusable="false"
      sx={{ display: "block", flexShrink: 0 }}
    >
      <rect width={LOGO_GRID} height={LOGO_GRID} rx={LOGO_TILE_RADIUS} sx={{ fill: "brand" }} />
      <path d={LOGO_BOOK_PATH} sx={{ fill: "onBrand" }} />
      <path d={LOGO_SPINE_PATH} sx={{ stroke: "brand" }} strokeWidth="2" strokeLinecap="round" />
      <path d={LOGO_LINES_PATH} sx={{ stroke: "brand" }} strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </svg>
  )
}
