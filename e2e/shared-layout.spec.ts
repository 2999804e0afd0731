import { siteFacts } from "../src/config/site-facts"
import { ROUTES } from "./support/routes"
import { expect, test } from "./support/test"

const contactUs = (page: import("@playwright/test").Page) =>
  page.getByRole("banner").getByRole("link", { name: "Contact us", exact: true })

test.describe("the header", () => {
  test("has the product logo, linking to the landing page", async ({ page }) => {
    await page.goto("/privacy-policy")
    await page.getByRole("banner").getByRole("link", { name: siteFacts.appName, exact: true }).click()
    await expect(page).toHaveURL("/")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn a new language one story at a time.")
  })

  for (const { path } of ROUTES.filter((route) => route.path !== "/contact")) {
    test(`shows 'Contact us' on ${path}, linking to /contact`, async ({ page }) => {
      await page.goto(path)
      await contactUs(page).click()
      await expect(page).toHaveURL("/contact")
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us")
    })
  }

  test("hides 'Contact us' on /contact, whether loaded directly or reached from the header", async ({ page }) => {
    await page.goto("/contact")
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible()
    await expect(contactUs(page)).toHaveCount(0)
    await page.goto("/")
    await contactUs(page).click()
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible()
    await expect(contactUs(page)).toHaveCount(0)
  })
})

test.describe("the footer", () => {
  test("links to the support address by e-mail", async ({ page }) => {
    await page.goto("/")
    const email = page.getByRole("contentinfo").getByRole("link", { name: siteFacts.supportEmail, exact: true })
    await expect(email).toHaveAttribute("href", `mailto:${siteFacts.supportEmail}`)
  })

  test("has the logo mark linking to /#", async ({ page }) => {
    await page.goto("/terms-and-conditions")
    const mark = page.getByRole("contentinfo").getByRole("link", { name: `${siteFacts.appName} home` })
    await expect(mark.locator("svg")).toBeVisible()
    await mark.click()
    await expect(page).toHaveURL("/#")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn a new language one story at a time.")
  })

  test("shows '© {current year} {company}'", async ({ page }) => {
    await page.goto("/")
    const line = `© ${new Date().getFullYear()} ${siteFacts.companyName}`
    await expect(page.getByRole("contentinfo").getByText(line, { exact: true })).toBeVisible()
  })

  test("takes the year from the visitor's clock, not from the build", async ({ page }) => {
    await page.clock.setSystemTime(new Date("2031-03-01T12:00:00Z"))
    await page.goto("/")
    await expect(
      page.getByRole("contentinfo").getByText(`© 2031 ${siteFacts.companyName}`, { exact: true }),
    ).toBeVisible()
  })

  for (const { label, path, heading } of [
    { label: "Privacy Policy", path: "/privacy-policy", heading: "Privacy Policy" },
    { label: "Terms of Service", path: "/terms-and-conditions", heading: "Terms and Conditions" },
  ]) {
    test(`'${label}' leads to ${path}`, async ({ page }) => {
      await page.goto("/contact")
      await page.getByRole("contentinfo").getByRole("link", { name: label, exact: true }).click()
      await expect(page).toHaveURL(path)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading)
    })
  }
})
