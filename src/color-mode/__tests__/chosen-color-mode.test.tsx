import { renderToStaticMarkup } from "react-dom/server"
import { InitializeColorMode } from "theme-ui"
import { siteFacts } from "../../config/site-facts"
import { chosenColorMode } from "../chosen-color-mode"

/** Runs the script Theme UI's plugin puts before a page's body, as the browser does before its first paint. */
function runThemeUiNoFlashScript() {
  const markup = renderToStaticMarkup(<InitializeColorMode />)
  const script = /<script[^>]*>([\s\S]*)<\/script>/.exec(markup)?.[1]
  if (script === undefined) throw new Error(`no script in ${markup}`)
  new Function(script)()
}

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

describe("the color mode a page shows", () => {
  beforeEach(() => {
    localStorage.clear()
    document.documentElement.className = ""
  })

  describe("while the header hides the toggle (the site's default)", () => {
    it("leaves Theme UI's script that applies a choice off the pages", () => {
      expect(themeUiPluginOptions(false)).toEqual({ injectColorFlashScript: false })
    })

    it("is the site's initial dark mode, whatever the browser has stored, and reads no storage", () => {
      localStorage.setItem("theme-ui-color-mode", "light")
      const getItem = jest.spyOn(Storage.prototype, "getItem")
      try {
        expect(chosenColorMode()).toBe("dark")
        expect(getItem).not.toHaveBeenCalled()
      } finally {
        getItem.mockRestore()
      }
    })
  })

  describe("while the header shows the toggle", () => {
    beforeEach(() => jest.replaceProperty(siteFacts, "showColorModeToggle", true))
    afterEach(() => jest.restoreAllMocks())

    it("is the mode the visitor chose, where Theme UI records it", () => {
      expect(chosenColorMode()).toBe("dark")
      localStorage.setItem("theme-ui-color-mode", "light")
      expect(chosenColorMode()).toBe("light")
    })

    it("is applied before the first paint by Theme UI's script, which the plugin then puts on every page", () => {
      expect(themeUiPluginOptions(true)).toEqual({ injectColorFlashScript: true })
      localStorage.setItem("theme-ui-color-mode", "light")
      runThemeUiNoFlashScript()
      expect(document.documentElement.classList.contains("theme-ui-light")).toBe(true)
    })

    it("is the initial dark mode when the browser refuses storage", () => {
      jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
        throw new DOMException("refused", "SecurityError")
      })
      expect(chosenColorMode()).toBe("dark")
    })
  })
})
