import { withoutUserInfo } from "../without-user-info"

describe("withoutUserInfo", () => {
  it("takes a URL's user and password out of a text, wherever the URL stands in it", () => {
    expect(withoutUserInfo("https://ops:hunter2@hooks.example.com/in")).toBe("https://hooks.example.com/in")
    expect(withoutUserInfo("fetch failed: Request cannot be constructed from https://:pw@h.example/x (in)")).toBe(
      "fetch failed: Request cannot be constructed from https://h.example/x (in)",
    )
  })

  it("leaves an address in a URL's path or query, and text without a URL, as they are", () => {
    expect(withoutUserInfo("https://hooks.example.com/in?for=team@example.com")).toBe(
      "https://hooks.example.com/in?for=team@example.com",
    )
    expect(withoutUserInfo("the webhook answered 500")).toBe("the webhook answered 500")
  })

  it("reads a long hostile text in one pass", () => {
    const hostile = "//".repeat(100_000) + "a".repeat(100_000)
    expect(withoutUserInfo(hostile)).toBe(hostile)
  })
})
