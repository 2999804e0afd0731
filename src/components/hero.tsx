import { Container } from "../elements/container"
import { Headline } from "./headline"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { PhoneMockup } from "./phone-mockup"
import { StoreButtons } from "./store-buttons"

type HeroProps = {
  headline: string
  highlight: string
  subtext: string
  mockupAlt: string
  /** The mockup's files, as gatsby-transformer-sharp made them (none in a unit test that leaves them out). */
  mockup: IGatsbyImageData | null
}

/** The landing page's one section: the pitch, the store buttons and the phone. */
export function Hero({ headline, highlight, subtext, mockupAlt, mockup }: HeroProps) {
  return (
    <Container
      as="section"
      sx={{
        display: "grid",
        gridTemplateColumns: ["1fr", null, null, "1.2fr 0.8fr"],
        alignItems: "center",
        gap: [7, null, null, 8],
        pt: [5, null, 7, 8],
      }}
    >
      <div sx={{ maxWidth: 640, mx: ["0", null, null, null, 0] }}>
        <Headline text={headline} highlight={highlight} />
        <p sx={{ variant: "text.lead", mt: 5, mb: 0 }}>{subtext}</p>
        <StoreButtons />
      </div>
      <PhoneMockup alt={mockupAlt} image={mockup} />
    </Container>
  )
}
