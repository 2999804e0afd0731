import { chosenColorModeScript } from "../chosen-color-mode"

/** Runs the inline script as the page does. */
const runScript = () => new Function(chosenColorModeScript)()

describe("the script that applies a chosen color mode", () => {
  beforeEach(() => {
    window.localStorage.clear()
    document.documentElement.className = ""
  })

  it("puts the mode a visitor chose on the root element, as Theme UI names it", () => {
    window.localStorage.setItem("theme-ui-color-mode", "light")
    runScript()
    expect(document.documentElement.classList.contains("theme-ui-light")).toBe(true)
  })

  it("leaves the site's initial mode when nothing was chosen", () => {
    runScript()
    expect(document.documentElement.className).toBe("")
  })

  it("leaves the page working when the browser refuses storage", () => {
    const getItem = jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("refused", "SecurityError")
    })
    try {
      expect(runScript).not.toThrow()
      expect(document.documentElement.className).toBe("")
    } finally {
      getItem.mockRestore()
    }
  })
})
