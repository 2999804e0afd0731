import { currentYearScript } from "../current-year-script"

describe("the current-year script", () => {
  afterEach(() => jest.useRealTimers())

  it("writes the visitor's year wherever data-current-year marks it", () => {
    document.body.innerHTML = `<p>© <span data-current-year>2024</span> Storyling Labs</p><span data-current-year>2024</span>`
    jest.useFakeTimers({ now: new Date("2031-03-01T10:00:00Z") })
    new Function(currentYearScript)()
    expect(document.body.textContent).toBe("© 2031 Storyling Labs2031")
  })

  it("leaves a mark that already shows the year as it is, its text node untouched", () => {
    document.body.innerHTML = `<p>© <span data-current-year>2031</span> Storyling Labs</p>`
    const shown = document.querySelector("[data-current-year]")?.firstChild
    jest.useFakeTimers({ now: new Date("2031-03-01T10:00:00Z") })
    new Function(currentYearScript)()
    expect(document.querySelector("[data-current-year]")?.firstChild).toBe(shown)
    expect(document.body.textContent).toBe("© 2031 Storyling Labs")
  })
})
