import { render, screen } from "@testing-library/react"
import { siteFacts } from "../../config/site-facts"
import { Footer } from "../footer"

describe("the footer's copyright year", () => {
  afterEach(() => jest.useRealTimers())

  it("shows the visitor's current year even when the build is older", () => {
    const buildYear = new Date().getFullYear()
    jest.useFakeTimers({ now: new Date(`${buildYear + 3}-02-01T12:00:00Z`) })
    render(<Footer pathname="/" />)
    expect(screen.getByRole("contentinfo")).toHaveTextContent(`© ${buildYear + 3} ${siteFacts.companyName}`)
  })
})
