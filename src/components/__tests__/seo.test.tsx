import { render } from "@testing-library/react"
import { siteFacts } from "../../config/site-facts"
import { Seo } from "../seo"

const renderHead = (props: Parameters<typeof Seo>[0]) => render(<Seo {...props} />).container

describe("Seo", () => {
  afterEach(() => jest.restoreAllMocks())

  it("offers the Smart App Banner with the configured App Store id, and the page's own address for the installed app to open", () => {
    jest.replaceProperty(siteFacts, "appStoreId", "1234567890")
    jest.replaceProperty(siteFacts, "appLive", true)
    const banner = renderHead({ pathname: "/es/contact/" }).querySelector('meta[name="apple-itunes-app"]')
    expect(banner).toHaveAttribute("content", `app-id=1234567890, app-argument=${siteFacts.siteUrl}/es/contact`)
  })

  it("gives a noindex page's banner the home page for the app to open, not the page (a mail's link, the error page)", () => {
    jest.replaceProperty(siteFacts, "appStoreId", "1234567890")
    jest.replaceProperty(siteFacts, "appLive", true)
    const banner = renderHead({ pathname: "/waitlist/confirm", noindex: true }).querySelector(
      'meta[name="apple-itunes-app"]',
    )
    expect(banner).toHaveAttribute("content", `app-id=1234567890, app-argument=${siteFacts.siteUrl}/`)
  })

  it("leaves the Smart App Banner out when no App Store id is configured", () => {
    jest.replaceProperty(siteFacts, "appStoreId", "")
    expect(renderHead({ pathname: "/" }).querySelector('meta[name="apple-itunes-app"]')).toBeNull()
  })

  it("leaves the Smart App Banner out while the app is not live, App Store id or not", () => {
    jest.replaceProperty(siteFacts, "appStoreId", "1234567890")
    jest.replaceProperty(siteFacts, "appLive", false)
    expect(renderHead({ pathname: "/" }).querySelector('meta[name="apple-itunes-app"]')).toBeNull()
  })

  it("titles a page with the site-wide template, and the landing page with the app's name alone when it has no title", () => {
    expect(renderHead({ title: "Contact us", pathname: "/contact" }).querySelector("title")).toHaveTextContent(
      `Contact us | ${siteFacts.appName}`,
    )
    expect(renderHead({ pathname: "/" }).querySelector("title")?.textContent).toBe(siteFacts.appName)
  })

  it("gives a page its canonical address on the configured site, without a trailing slash", () => {
    const head = renderHead({ title: "Contact us", pathname: "/contact/" })
    expect(head.querySelector('link[rel="canonical"]')).toHaveAttribute("href", `${siteFacts.siteUrl}/contact`)
    expect(head.querySelector('meta[property="og:url"]')).toHaveAttribute("content", `${siteFacts.siteUrl}/contact`)
  })

  it("keeps a noindex page out of search engines and gives it no canonical address", () => {
    const head = renderHead({ title: "Not Found", pathname: "/404.html", noindex: true })
    expect(head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex")
    expect(head.querySelector('link[rel="canonical"]')).toBeNull()
  })

  it("adds the tags a page passes in", () => {
    const head = render(
      <Seo pathname="/">
        <meta name="extra" content="yes" />
      </Seo>,
    ).container
    expect(head.querySelector('meta[name="extra"]')).toHaveAttribute("content", "yes")
  })
})
