import { startIslandsScript } from "../start-islands-script"

const ISLAND = "/island-contact-form-AB12CD34.js"
const started = () => [...document.head.querySelectorAll("script")].map((s) => [s.type, s.getAttribute("src")])

/** A browser's paint timing as far as the script uses it: observers of "paint" and the entries they are told of. */
function paintTiming() {
  const observers: { report: (names: string[]) => void; disconnected: boolean }[] = []
  class FakeObserver {
    static supportedEntryTypes = ["paint", "resource"]
    disconnected = false
    constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true })
      observers.push(this)
    }
    disconnect() {
      this.disconnected = true
    }
    report(names: string[]) {
      if (this.disconnected) return
      this.callback({ getEntriesByName: (name: string) => names.filter((entry) => entry === name) }, this)
    }
  }
  Object.assign(window, { PerformanceObserver: FakeObserver })
  return { paint: (...names: string[]) => observers.forEach((observer) => observer.report(names)), observers }
}

describe("the script that starts the page's islands", () => {
  const realObserver = window.PerformanceObserver
  beforeEach(() => {
    document.head.innerHTML = ""
    document.body.innerHTML = `<div id="contact-form" data-island-src="${ISLAND}"><form></form></div>`
  })
  afterEach(() => Object.assign(window, { PerformanceObserver: realObserver }))
  // A test's load listener outlives it: the test without an island runs first, the one that only listens for load last.

  it("loads nothing and watches nothing on a page without an island", () => {
    document.body.innerHTML = `<p>Stories, one at a time.</p>`
    const timing = paintTiming()
    new Function(startIslandsScript)()
    timing.paint("first-contentful-paint")
    window.dispatchEvent(new Event("load"))
    expect(timing.observers).toEqual([])
    expect(started()).toEqual([])
  })

  it("loads the island as a module once the first contentful paint is reported, not at the first paint before it, and once", () => {
    const timing = paintTiming()
    new Function(startIslandsScript)()
    expect(started()).toEqual([])
    timing.paint("first-paint")
    expect(started()).toEqual([])
    timing.paint("first-contentful-paint")
    expect(started()).toEqual([["module", ISLAND]])
    timing.paint("first-contentful-paint")
    window.dispatchEvent(new Event("load"))
    expect(started()).toEqual([["module", ISLAND]])
  })

  it("loads it on the page's load event in a browser without paint timing", () => {
    Object.assign(window, { PerformanceObserver: undefined })
    new Function(startIslandsScript)()
    expect(started()).toEqual([])
    window.dispatchEvent(new Event("load"))
    expect(started()).toEqual([["module", ISLAND]])
  })
})
