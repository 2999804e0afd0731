import { renderToStaticMarkup } from "react-dom/server"
import { InitializeColorMode } from "theme-ui"

/** The options gatsby-config gives Theme UI's plugin, for the site's facts with the toggle shown or hidden. */
function themeUiPluginOptions(showColorModeToggle: boolean): unknown {
  let options: unknown
  jest.isolateModules(() => {
    jest.doMock("../../config/site-facts", () => {
      const actual = jest.requireActual("../../config/site-facts")
      return { ...actual, siteFacts: { ...actual.siteFacts, showColorModeToggle } }
    })
    const { default: config } = require("../../../gatsby-config") as typeof import("../../../gatsby-config")
    const plugin = (config.plugins ?? []).find(
      (entry) => typeof entry === "object" && entry.resolve === "gatsby-plugin-theme-ui",
    )
    options = typeof plugin === "object" ? plugin.options : undefined
  })
  return options
}

/** Runs the script Theme UI's plugin puts before a page's body, as the browser does before its first paint. */
function runThemeUiNoFlashScript() {
  const markup = renderToStaticMarkup(<InitializeColorMode />)
  const script = /<script[^>]*>([\s\S]*)<\/script>/.exec(markup)?.[1]
  if (script === undefined) throw new Error(`no script in ${markup}`)
  new Function(script)()
}

describe("a color mode a visitor chose", () => {
  beforeEach(() => {
    localStorage.clear()
    document.documentElement.className = ""
  })

  it("is read by no page while the header hides the toggle (the site's default): Theme UI's script stays off", () => {
    expect(themeUiPluginOptions(false)).toEqual({ injectColorFlashScript: false })
  })

  it("is applied before the first paint while the header shows the toggle, by Theme UI's script on every page", () => {
    expect(themeUiPluginOptions(true)).toEqual({ injectColorFlashScript: true })
    localStorage.setItem("theme-ui-color-mode", "light")
    runThemeUiNoFlashScript()
    expect(document.documentElement.classList.contains("theme-ui-light")).toBe(true)
  })
})
