import { screen } from "@testing-library/react"
import type { PageProps } from "gatsby"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import IndexPage from "../index"

const copy = {
  headline: "Learn a new language one story at a time.",
  highlight: "one story",
  subtext: "Every story blends words you already know with new vocabulary.",
  mockupAlt: "The app on a phone, showing a story",
  description: "A description",
}

/** The mockup's files as gatsby-transformer-sharp describes them. */
const mockup = {
  layout: "constrained",
  width: 340,
  height: 680,
  images: {
    fallback: { src: "/static/a/340.png", srcSet: "/static/a/280.png 280w,/static/a/340.png 340w", sizes: "340px" },
    sources: [{ type: "image/avif", srcSet: "/static/a/280.avif 280w,/static/a/340.avif 340w", sizes: "340px" }],
  },
}

const renderLanding = () =>
  renderWithTheme(
    <IndexPage
      {...({
        data: { markdownRemark: { frontmatter: copy }, mockup: { childImageSharp: { gatsbyImageData: mockup } } },
        location: { pathname: "/" },
      } as unknown as PageProps<Queries.LandingPageQuery>)}
    />,
  )

describe("the landing page", () => {
  it("shows the headline with 'one story' highlighted", () => {
    renderLanding()
    const headline = screen.getByRole("heading", { level: 1 })
    expect(headline).toHaveTextContent("Learn a new language one story at a time.")
    expect(headline.querySelector("mark")).toHaveTextContent(/^one story$/)
  })

  it("shows the sub-text", () => {
    renderLanding()
    expect(screen.getByText(copy.subtext)).toBeInTheDocument()
  })

  it.each([
    ["Download for iPhone", "/get?store=apple"],
    ["Download for Android", "/get?store=google"],
  ])("opens '%s' in a new tab at /get with its store named, which counts the click and sends it on", (name, href) => {
    renderLanding()
    const button = screen.getByRole("link", { name })
    expect(button).toHaveAttribute("href", href)
    expect(button).toHaveAttribute("target", "_blank")
    // No noreferrer: /get reads the campaign of the page the click came from in its Referer.
    expect(button).toHaveAttribute("rel", "noopener")
  })

  it("shows the phone mockup with its alt text, as the image plugin's picture of the built files in every format", () => {
    renderLanding()
    const image = screen.getByRole("img", { name: copy.mockupAlt })
    expect([image.getAttribute("src"), image.getAttribute("srcset")]).toEqual([
      "/static/a/340.png",
      "/static/a/280.png 280w,/static/a/340.png 340w",
    ])
    expect(image.closest("[data-gatsby-image-wrapper]")).not.toBeNull()
    expect(image.parentElement?.querySelector("source")).toHaveAttribute("type", "image/avif")
  })

  it("has exactly one h1 and a 'Contact us' button", () => {
    renderLanding()
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1)
    expect(screen.getByRole("link", { name: "Contact us" })).toBeInTheDocument()
  })
})
