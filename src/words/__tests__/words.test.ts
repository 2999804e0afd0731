import { counted } from "../counted"
import { listed } from "../listed"

describe("counted", () => {
  it("writes one of a thing in the singular and any other number in the plural", () => {
    expect([0, 1, 2].map((n) => counted(n, "mail"))).toEqual(["0 mails", "1 mail", "2 mails"])
  })

  it("takes the plural of a noun that does not add an s", () => {
    expect([1, 3].map((n) => counted(n, "entry", "entries"))).toEqual(["1 entry", "3 entries"])
  })
})

describe("listed", () => {
  it("joins the last two items with 'and' and the others with commas", () => {
    expect([[], ["2026-12-01"], ["2026-12-01", "2027-01-15"], ["a", "b", "c"]].map(listed)).toEqual([
      "",
      "2026-12-01",
      "2026-12-01 and 2027-01-15",
      "a, b and c",
    ])
  })
})
