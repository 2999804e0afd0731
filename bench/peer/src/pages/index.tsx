import type { HeadFC } from "gatsby"
import { StaticImage } from "gatsby-plugin-image"

const IndexPage = () => (
  <main
    style={{
      fontFamily: "system-ui, sans-serif",
      maxWidth: 1096,
      margin: "0 auto",
      padding: "0 32px",
      color: "#F3F1EA",
      background: "#031912",
    }}
  >
    <h1>Learn a new language one story at a time.</h1>
    <p>
      Every story blends words you already know with new vocabulary, so the new language sinks in naturally, the way you
      learned your first one.
    </p>
    <p>
      <a href="https://apps.apple.com/app/id0000000000" style={{ color: "#FFA73B" }}>
        Download for iPhone
      </a>{" "}
      <a href="https://play.google.com/store/apps/details?id=com.example.storyling" style={{ color: "#FFA73B" }}>
        Download for Android
      </a>
    </p>
    <StaticImage
      src="../../../../src/images/phone-mockup.png"
      alt="The app on a phone, showing a story"
      width={340}
      placeholder="none"
      loading="eager"
    />
  </main>
)

export default IndexPage

export const Head: HeadFC = () => (
  <>
    <html lang="en" />
    <title>Peer</title>
    <meta name="description" content="A bare Gatsby page with the landing's content." />
  </>
)
