import { expect, test } from "./support/test"

test.describe("the error page", () => {
  for (const path of ["/no-such-page", "/contact/no-such-page", "/no/such/page?utm_source=x"]) {
    test(`answers ${path} with HTTP 404 and 'Oops!'`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops!")
      await expect(page.getByText("Sorry, an unexpected error has occurred.", { exact: true })).toBeVisible()
      await expect(page.getByText("Not Found", { exact: true })).toBeVisible()
    })
  }

  test("keeps the shared layout, so a lost visitor can find the way back", async ({ page }) => {
    await page.goto("/no-such-page")
    await expect(page.getByRole("banner").getByRole("link", { name: "Contact us" })).toBeVisible()
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toBeVisible()
    await page.getByRole("link", { name: "Back to the home page" }).click()
    await expect(page).toHaveURL("/")
  })
})
