import { encode } from "uqr"

/** The light margin around the code, in modules, that the QR standard asks for. */
const QUIET_ZONE = 4

/** The dark modules of a code as one SVG path, each run of a row one rectangle. */
function modulesPath(rows: boolean[][]): string {
  let path = ""
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) {
      if (!row[x]) continue
      const start = x
      while (row[x + 1]) x += 1
      path += `M${start} ${y}h${x - start + 1}v1H${start}z`
    }
  })
  return path
}

/**
 * A QR code of `text` as inline SVG, made while the page renders (no
 * script, no image to load): dark on light in both color modes, with its
 * quiet zone, error correction M (a code printed small or scanned from a
 * screen still reads). `label` says what it holds to a screen reader.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, data } = encode(text, { ecc: "M", border: QUIET_ZONE })
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      sx={{ display: "block", width: "qrCode", height: "qrCode", maxWidth: "100%", bg: "codePaper", color: "codeInk" }}
    >
      <path d={modulesPath(data)} fill="currentColor" />
    </svg>
  )
}
