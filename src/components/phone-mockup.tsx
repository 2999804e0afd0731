import { keyframes } from "@emotion/react"
import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image"
import { get } from "theme-ui"

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

type PhoneMockupProps = { alt: string; image: IGatsbyImageData | null }

/**
 * The app on a phone, a GatsbyImage of the files gatsby-plugin-sharp made
 * (AVIF, WebP and PNG at 280, 340 and 680 px). It fades in 100 ms after the
 * page loads, over 350 ms, in CSS alone, so it needs no JavaScript and its
 * space is reserved from the start: static pages leave out the image
 * plugin's scripts, which would keep the image hidden until they ran
 * (src/ssr/without-image-scripts.tsx), so its layout rules are here.
 */
export function PhoneMockup({ alt, image }: PhoneMockupProps) {
  return (
    <div
      data-testid="phone-mockup"
      sx={{
        width: "100%",
        maxWidth: "mockup",
        mx: "auto",
        opacity: 0,
        animation: `${fadeIn} 350ms ease-out 100ms forwards`,
        filter: (theme) => `drop-shadow(${String(get(theme, "shadows.phone"))})`,
        ".gatsby-image-wrapper": { position: "relative", overflow: "hidden", display: "block" },
        ".gatsby-image-wrapper img": {
          position: "absolute",
          inset: 0,
          width: "100%",
          height: "100%",
          maxWidth: "none",
          m: 0,
          p: 0,
          objectFit: "cover",
        },
        // The wrapper fades; the image itself is shown from the start, without the plugin's script.
        "[data-main-image]": { opacity: "1 !important" },
      }}
    >
      {image && <GatsbyImage image={image} alt={alt} loading="eager" />}
    </div>
  )
}
