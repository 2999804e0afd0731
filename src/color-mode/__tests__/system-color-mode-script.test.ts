import { SYSTEM_COLOR_MODE_KEY, systemColorModeScript } from "../system-color-mode-script"

/** A stand-in for the browser's media query that the test can flip. */
function fakeSystemPreference(prefersDark: boolean) {
  const listeners = new Set<() => void>()
  const query = {
    matches: prefersDark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
  }
  window.matchMedia = jest.fn().mockReturnValue(query)
  return {
    change(dark: boolean) {
      query.matches = dark
      listeners.forEach((listener) => listener())
    },
  }
}

/** Runs the inline script as the page does. */
const runScript = () => new Function(systemColorModeScript)()

describe("the system-color-mode script", () => {
  beforeEach(() => window.localStorage.clear())

  it("writes 'dark' under system-color-mode when the system prefers dark", () => {
    fakeSystemPreference(true)
    runScript()
    expect(window.matchMedia).toHaveBeenCalledWith("(prefers-color-scheme: dark)")
    expect(window.localStorage.getItem(SYSTEM_COLOR_MODE_KEY)).toBe("dark")
  })

  it("writes 'light' when the system prefers light", () => {
    fakeSystemPreference(false)
    runScript()
    expect(window.localStorage.getItem("system-color-mode")).toBe("light")
  })

  it("keeps the key updated while the system preference changes", () => {
    const system = fakeSystemPreference(true)
    runScript()
    system.change(false)
    expect(window.localStorage.getItem("system-color-mode")).toBe("light")
    system.change(true)
    expect(window.localStorage.getItem("system-color-mode")).toBe("dark")
  })

  it("does not change the site's own color mode", () => {
    fakeSystemPreference(false)
    runScript()
    expect(window.localStorage.getItem("theme-ui-color-mode")).toBeNull()
  })

  it("keeps the page working when storage is blocked", () => {
    fakeSystemPreference(true)
    const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("blocked")
    })
    expect(runScript).not.toThrow()
    setItem.mockRestore()
  })
})
