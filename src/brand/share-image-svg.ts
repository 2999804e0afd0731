import { brandColors } from "./brand-colors"
import { SHARE_IMAGE_SIZE } from "./brand-files"
import { logoMarkSvg } from "./logo-mark-svg"
import { wrapHeadline } from "./wrap-headline"
import { escapeMarkup } from "../markup/escape-markup"

export type ShareImageContent = {
  appName: string
  /** The landing page's headline and the phrase of it shown in the accent color. */
  headline: string
  highlight: string
  /** The short line under the headline. */
  tagline: string
  /** The site's host name, shown at the foot. */
  host: string
  /** The phone mockup as a PNG, 1 : 2, shown on the right and cut by the image's lower edge. */
  phonePng: Buffer
}

/** Fonts that sharp's SVG renderer finds on a Debian machine with Chromium, then any sans-serif. */
const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif"
const HEADLINE_SIZE = 64
const HEADLINE_LEADING = 74
const HEADLINE_MAX_CHARS = 18

const nestedSvg = (svg: string, x: number, y: number) => svg.replace("<svg ", `<svg x="${x}" y="${y}" `)

/**
 * The 1200 × 630 picture of link previews as an SVG document: the logo and
 * name, the landing headline with its highlighted phrase, and the app on a
 * phone, on the site's dark background.
 */
export function shareImageSvg(content: ShareImageContent): string {
  const { width, height } = SHARE_IMAGE_SIZE
  const lines = wrapHeadline(content.headline, content.highlight, HEADLINE_MAX_CHARS)
  const headlineTop = 272 - ((lines.length - 3) * HEADLINE_LEADING) / 2
  const headline = lines
    .map((runs, index) => {
      const spans = runs
        .map(
          ({ text, highlighted }) =>
            `<tspan fill="${highlighted ? brandColors.brand : brandColors.text}">${escapeMarkup(text)}</tspan>`,
        )
        .join("")
      return `<text x="80" y="${headlineTop + index * HEADLINE_LEADING}" xml:space="preserve">${spans}</text>`
    })
    .join("\n")
  const phone = `data:image/png;base64,${content.phonePng.toString("base64")}`
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${brandColors.brand}" stop-opacity="0.30"/>
    <stop offset="1" stop-color="${brandColors.brand}" stop-opacity="0"/>
  </radialGradient>
  <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%">
    <feDropShadow dx="0" dy="24" stdDeviation="28" flood-color="#000000" flood-opacity="0.55"/>
  </filter>
</defs>
<rect width="${width}" height="${height}" fill="${brandColors.darkBackground}"/>
<circle cx="960" cy="380" r="420" fill="url(#glow)"/>
<circle cx="960" cy="700" r="330" fill="${brandColors.surface}" opacity="0.9"/>
${nestedSvg(logoMarkSvg({ size: 64, tile: "rounded" }), 80, 72)}
<text x="164" y="117" font-family="${FONT}" font-size="40" font-weight="700" fill="${brandColors.text}" letter-spacing="-0.5">${escapeMarkup(content.appName)}</text>
<g font-family="${FONT}" font-size="${HEADLINE_SIZE}" font-weight="700" letter-spacing="-1.5">
${headline}
</g>
<text x="80" y="${headlineTop + lines.length * HEADLINE_LEADING + 12}" font-family="${FONT}" font-size="30" fill="${brandColors.muted}">${escapeMarkup(content.tagline)}</text>
<text x="80" y="566" font-family="${FONT}" font-size="26" font-weight="700" fill="${brandColors.brand}">${escapeMarkup(content.host)}</text>
<g transform="rotate(-7 960 420)" filter="url(#shadow)">
  <image x="800" y="88" width="320" height="640" xlink:href="${phone}" href="${phone}"/>
</g>
</svg>`
}
