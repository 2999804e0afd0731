import { render, type RenderOptions } from "@testing-library/react"
import type { ReactElement, ReactNode } from "react"
import { ThemeUIProvider } from "theme-ui"
import theme from "../../src/gatsby-plugin-theme-ui"

/** The site's theme around a tree, as gatsby-plugin-theme-ui puts it around every page. */
export const WithTheme = ({ children }: { children: ReactNode }) => (
  <ThemeUIProvider theme={theme}>{children}</ThemeUIProvider>
)

/** Renders a component inside the site's theme, as gatsby-plugin-theme-ui does on the site. */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, "wrapper">) {
  return render(ui, { wrapper: WithTheme, ...options })
}
