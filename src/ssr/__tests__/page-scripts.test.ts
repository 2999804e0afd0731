import { SYSTEM_COLOR_MODE_KEY } from "../../color-mode/system-color-mode-script"
import { PAGE_SCRIPT } from "../page-scripts"

/** Runs the page's inline script as the end of a page does, before its load event. */
const runPageScript = () => new Function(PAGE_SCRIPT.text)()

describe("the page's inline script", () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    document.documentElement.className = ""
    window.matchMedia = jest.fn().mockReturnValue({ matches: true, addEventListener: () => undefined })
    document.body.innerHTML = `<p>© <span data-current-year>2024</span> Storyling Labs</p>`
    jest.useFakeTimers({ now: new Date("2031-03-01T10:00:00Z") })
  })
  afterEach(() => jest.useRealTimers())

  it("keeps a personal link's code at once, before the page loads", () => {
    window.history.replaceState(null, "", "/?ref=k3T9xQ2a")
    runPageScript()
    expect(sessionStorage.getItem("referral")).toBe("k3T9xQ2a")
    window.history.replaceState(null, "", "/")
  })

  it("reads no storage before the page loads when the address carries no code, and leaves the page dark", () => {
    localStorage.setItem("theme-ui-color-mode", "light")
    const getItem = jest.spyOn(Storage.prototype, "getItem")
    const setItem = jest.spyOn(Storage.prototype, "setItem")
    try {
      runPageScript()
      expect(getItem).not.toHaveBeenCalled()
      expect(setItem).not.toHaveBeenCalled()
      expect(document.documentElement.className).toBe("")
    } finally {
      getItem.mockRestore()
      setItem.mockRestore()
    }
  })

  it("records the system's preference and writes the current year once the page has loaded, not before", () => {
    runPageScript()
    expect(localStorage.getItem(SYSTEM_COLOR_MODE_KEY)).toBeNull()
    expect(document.body.textContent).toBe("© 2024 Storyling Labs")
    window.dispatchEvent(new Event("load"))
    expect(localStorage.getItem(SYSTEM_COLOR_MODE_KEY)).toBe("dark")
    expect(document.body.textContent).toBe("© 2031 Storyling Labs")
  })
})
