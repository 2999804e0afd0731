import { screen } from "@testing-library/react"
import type { PageProps } from "gatsby"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import NotFoundPage from "../404"

describe("the error page for an unknown route", () => {
  it("shows 'Oops!', the apology and the status text 'Not Found'", () => {
    renderWithTheme(<NotFoundPage {...({ location: { pathname: "/no-such-page" } } as PageProps)} />)
    expect(screen.getByRole("heading", { level: 1, name: "Oops!" })).toBeInTheDocument()
    expect(screen.getByText("Sorry, an unexpected error has occurred.")).toBeInTheDocument()
    expect(screen.getByText("Not Found")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Contact us" })).toBeInTheDocument()
  })
})
