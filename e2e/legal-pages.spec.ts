import { siteFacts } from "../src/config/site-facts"
import { expect, test } from "./support/test"

const providers = Object.values(siteFacts.providers)

test.describe("the legal pages", () => {
  test("the privacy policy: effective January 15, 2027 (the version of May 25, 2025 among its previous versions), with every section of the spec", async ({ page }) => {
    await page.goto("/privacy-policy")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy")
    await expect(page.getByText(/^Effective January 15, 2027/)).toBeVisible()
    await expect(page.getByRole("heading", { level: 3, name: "Visits to this website" })).toBeVisible()
    await expect(page.getByRole("heading", { level: 3, name: "Your place in line and your personal link" })).toBeVisible()
    const sections = page.getByRole("main").getByRole("heading", { level: 2 })
    await expect(sections).toHaveText([
      "Information collection and use",
      "Third-party access",
      "Opt-out rights",
      "Data retention",
      "Children",
      "Security",
      "Changes to this policy",
      "Your consent",
      "Contact us",
    ])
    await expect(page.getByText(/not addressed to anyone under the age of 13/)).toBeVisible()
    for (const { name, privacyUrl } of providers) {
      await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toHaveAttribute("href", privacyUrl)
    }
    await page.getByRole("link", { name: "Previous versions" }).click()
    await page.getByRole("link", { name: "May 25, 2025" }).click()
    await expect(page.getByText("This version is no longer in effect.")).toBeVisible()
    await expect(page.getByText(/not addressed to anyone under the age of 13/)).toBeVisible()
  })

  test("the terms and conditions: effective May 25, 2025, with every section of the spec", async ({ page }) => {
    await page.goto("/terms-and-conditions")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and Conditions")
    await expect(page.getByText("Effective May 25, 2025", { exact: true })).toBeVisible()
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "Using the app",
      "Changes to the app and pricing",
      "Keeping your device secure",
      "Third-party services",
      "Internet connection and data charges",
      "Your other responsibilities",
      "Information from third parties",
      "Updates and termination",
      "Changes to these terms",
      "Contact us",
    ])
    await expect(page.getByText(/advise against jailbreaking or rooting your device/)).toBeVisible()
    for (const { name, termsUrl } of providers) {
      await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toHaveAttribute("href", termsUrl)
    }
  })

  test("the support address in the policy is an e-mail link", async ({ page }) => {
    await page.goto("/privacy-policy")
    const links = page.getByRole("main").getByRole("link", { name: siteFacts.supportEmail, exact: true })
    await expect(links.first()).toHaveAttribute("href", `mailto:${siteFacts.supportEmail}`)
  })
})
