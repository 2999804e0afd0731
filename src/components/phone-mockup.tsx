import { keyframes } from "@emotion/react"
import { StaticImage } from "gatsby-plugin-image"
import { get } from "theme-ui"

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

type PhoneMockupProps = { alt: string }

/**
 * The app on a phone. It fades in 100 ms after the page loads, over 350 ms,
 * in CSS alone, so it needs no JavaScript and its space is reserved from the start.
 */
export function PhoneMockup({ alt }: PhoneMockupProps) {
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
      }}
    >
      <StaticImage
        src="../images/phone-mockup.png"
        alt={alt}
        width={340}
        placeholder="none"
        loading="eager"
        formats={["auto", "avif", "webp"]}
        breakpoints={[280, 340, 680]}
      />
    </div>
  )
}
