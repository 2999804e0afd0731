import { SYSTEM_COLOR_MODE_KEY, watchSystemColorMode } from "../watch-system-color-mode"

/** A stand-in for the browser's media query that the test can flip. */
function fakeSystemPreference(prefersDark: boolean) {
  const listeners = new Set<() => void>()
  const query = {
    matches: prefersDark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }
  window.matchMedia = jest.fn().mockReturnValue(query)
  return {
    change(dark: boolean) {
      query.matches = dark
      listeners.forEach((listener) => listener())
    },
    listenerCount: () => listeners.size,
  }
}

describe("watchSystemColorMode", () => {
  beforeEach(() => window.localStorage.clear())

  it("writes 'dark' under system-color-mode when the system prefers dark", () => {
    fakeSystemPreference(true)
    watchSystemColorMode()
    expect(window.matchMedia).toHaveBeenCalledWith("(prefers-color-scheme: dark)")
    expect(window.localStorage.getItem(SYSTEM_COLOR_MODE_KEY)).toBe("dark")
  })

  it("writes 'light' when the system prefers light", () => {
    fakeSystemPreference(false)
    watchSystemColorMode()
    expect(window.localStorage.getItem("system-color-mode")).toBe("light")
  })

  it("keeps the key updated while the system preference changes, until it stops", () => {
    const system = fakeSystemPreference(true)
    const stop = watchSystemColorMode()
    system.change(false)
    expect(window.localStorage.getItem("system-color-mode")).toBe("light")
    system.change(true)
    expect(window.localStorage.getItem("system-color-mode")).toBe("dark")
    stop()
    expect(system.listenerCount()).toBe(0)
  })

  it("keeps working when storage is blocked", () => {
    fakeSystemPreference(true)
    const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("blocked")
    })
    expect(() => watchSystemColorMode()).not.toThrow()
    setItem.mockRestore()
  })
})
