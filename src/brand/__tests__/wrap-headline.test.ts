import { wrapHeadline, type HeadlineRun } from "../wrap-headline"

const asText = (lines: HeadlineRun[][]) => lines.map((runs) => runs.map((run) => run.text).join(""))
const highlighted = (lines: HeadlineRun[][]) =>
  lines
    .flat()
    .filter((run) => run.highlighted)
    .map((run) => run.text)

describe("wrapHeadline", () => {
  it("breaks the landing headline into lines no longer than asked", () => {
    const lines = wrapHeadline("Learn a new language one story at a time.", "one story", 18)
    expect(asText(lines)).toEqual(["Learn a new", "language one story", "at a time."])
  })

  it("keeps the highlighted phrase whole and marks only it", () => {
    const lines = wrapHeadline("Learn a new language one story at a time.", "one story", 12)
    expect(asText(lines)).toContain("one story at")
    expect(highlighted(lines)).toEqual(["one story"])
  })

  it("keeps punctuation that touches the phrase on its line", () => {
    const lines = wrapHeadline("Read one story.", "one story", 9)
    expect(asText(lines)).toEqual(["Read", "one story."])
    expect(highlighted(lines)).toEqual(["one story"])
  })

  it("gives a word longer than a line a line of its own", () => {
    expect(asText(wrapHeadline("a Donaudampfschifffahrt b", "", 6))).toEqual(["a", "Donaudampfschifffahrt", "b"])
  })

  it("marks nothing when the phrase is not in the headline", () => {
    const lines = wrapHeadline("Learn a language.", "one story", 40)
    expect(asText(lines)).toEqual(["Learn a language."])
    expect(highlighted(lines)).toEqual([])
  })
})
