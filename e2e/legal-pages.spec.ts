import fs from "fs"
import path from "path"
import { siteFacts } from "../src/config/site-facts"
import { formatDate } from "../src/i18n/format-date"
import type { LegalLock } from "../src/legal/legal-lock"
import { expect, test } from "./support/test"

const providers = Object.values(siteFacts.providers)

/** The English privacy policy's versions as the lock records them, oldest first, each with where it stands today (UTC), as a reader of the lock works it out. */
function policyVersions(): { date: string; text: string; status: "in force" | "upcoming" | "no longer in force" }[] {
  const lock = JSON.parse(
    fs.readFileSync(path.join(__dirname, "..", "content", "legal", "legal.lock.json"), "utf8"),
  ) as LegalLock
  const text = lock.documents["privacy-policy"]?.en
  const dates = text ? [...text.archive, text.current].map((version) => version.effectiveDate).sort() : []
  const today = new Date().toISOString().slice(0, 10)
  const inForce = dates.filter((date) => date <= today).pop() ?? dates[0]
  return dates.map((date) => ({
    date,
    text: formatDate("en", date),
    status: date === inForce ? "in force" : date > today ? "upcoming" : "no longer in force",
  }))
}

test.describe("the legal pages", () => {
  test("the privacy policy: the version in force today, with every section of the spec", async ({ page }) => {
    const inForce = policyVersions().find((version) => version.status === "in force")
    await page.goto("/privacy-policy")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy")
    await expect(page.getByText(new RegExp(`^Effective ${inForce?.text ?? "?"}`))).toBeVisible()
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
  })

  test("the privacy policy's versions: each marked in force, upcoming or no longer in force, each page saying so", async ({
    page,
  }) => {
    const versions = policyVersions()
    await page.goto("/privacy-policy")
    const upcoming = versions.find((version) => version.status === "upcoming")
    if (upcoming)
      await expect(
        page.getByRole("link", { name: `An updated version takes effect on ${upcoming.text}.` }),
      ).toHaveAttribute("href", `/privacy-policy/${upcoming.date}`)
    await page.getByRole("link", { name: "All versions" }).click()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy: all versions")
    const items = page.getByRole("main").getByRole("listitem")
    await expect(items).toHaveCount(versions.length)
    for (const [index, version] of [...versions].reverse().entries()) {
      await expect(items.nth(index).getByRole("link", { name: version.text, exact: true })).toBeVisible()
      await expect(items.nth(index).getByText(version.status, { exact: true })).toBeVisible()
    }
    for (const version of versions) {
      await page.goto(`/privacy-policy/${version.date}`)
      await expect(page.getByText(new RegExp(`^Effective ${version.text}`))).toBeVisible()
      const banners = page.getByRole("complementary", { name: /^(Upcoming|Archived) version$/ })
      if (version.status === "in force") await expect(banners).toHaveCount(0)
      else
        await expect(banners).toHaveText(
          version.status === "upcoming"
            ? new RegExp(`^This version takes effect on ${version.text}\\.`)
            : /^This version is no longer in effect\./,
        )
    }
    await page.goto("/privacy-policy/2026-12-01")
    await expect(page.getByRole("heading", { level: 3, name: "Visits to this website" })).toBeVisible()
    await page.goto("/privacy-policy/2027-03-01")
    await expect(page.getByRole("heading", { level: 3, name: "Rewards for friends who join" })).toBeVisible()
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
