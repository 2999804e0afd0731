import fs from "fs"
import path from "path"
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { LANGUAGES, localizedPath } from "../src/i18n/languages"
import { translate } from "../src/i18n/messages"
import { PROJECT_ROOT } from "../test/support/project-root"
import { uniqueEmail } from "./support/contact-form"
import { openHydrated } from "./support/hydration"
import { waitForMockup } from "./support/phone-mockup"
import { expect, test } from "./support/test"
import { storedEntry } from "./support/waitlist-entries"

const PAGES = ["/", "/contact", "/privacy-policy", "/terms-and-conditions", "/no-such-page"]
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The contact form of a language, found by its labels in that language. */
function formIn(page: Page, code: (typeof LANGUAGES)[number]["code"]) {
  const form = page.getByRole("form", { name: translate(code, "form.label") })
  return {
    name: form.getByLabel(translate(code, "form.name"), { exact: true }),
    email: form.getByLabel(translate(code, "form.email"), { exact: true }),
    send: form.getByRole("button", { name: translate(code, "form.send"), exact: true }),
  }
}

test.describe("the language switcher", () => {
  test("leads from a page to the same page in another language with plain links, by keyboard too", async ({ page }) => {
    await page.goto("/contact")
    const switcher = page.getByRole("navigation", { name: "Languages" })
    await switcher.getByRole("link", { name: "日本語" }).click()
    await expect(page).toHaveURL("/ja/contact")
    await expect(page.locator("html")).toHaveAttribute("lang", "ja")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate("ja", "contact.title"))

    const deutsch = page
      .getByRole("navigation", { name: translate("ja", "footer.languagesLabel") })
      .getByRole("link", { name: "Deutsch" })
    await deutsch.focus()
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL("/de/contact")
    await expect(page.locator("html")).toHaveAttribute("lang", "de")
  })

  test("never redirects by the browser's language: the address alone decides", async ({ browser }) => {
    const context = await browser.newContext({
      locale: "de-DE",
      extraHTTPHeaders: { "Accept-Language": "de-DE,de;q=0.9" },
    })
    const page = await context.newPage()
    const response = await page.goto(`${process.env.E2E_BASE_URL}/`)
    expect([response?.status(), new URL(page.url()).pathname]).toEqual([200, "/"])
    await expect(page.locator("html")).toHaveAttribute("lang", "en")
    await context.close()
  })
})

for (const { code, htmlLang, name } of LANGUAGES) {
  test.describe(`the site in ${name}`, () => {
    test("shows the contact form's errors under its fields, then its success toast, and stores the page's language", async ({
      page,
    }) => {
      await openHydrated(page, localizedPath(code, "/contact"))
      const form = formIn(page, code)
      await form.send.click()
      await expect(form.name).toHaveAccessibleDescription(translate(code, "form.nameRequired"))
      await expect(form.email).toHaveAccessibleDescription(translate(code, "form.emailRequired"))
      await form.name.fill("Ana")
      await form.email.fill("ana@example")
      await form.send.click()
      await expect(form.email).toHaveAccessibleDescription(translate(code, "form.emailInvalid"))
      const email = uniqueEmail(code)
      await form.email.fill(email)
      await form.send.click()
      await expect(page.getByText(translate(code, "toast.success.title"), { exact: true })).toBeVisible()
      await expect(page.getByText(translate(code, "toast.success.description"), { exact: true })).toBeVisible()
      expect((await storedEntry(email))?.metadata).toMatchObject({ locale: code })
    })

    test("shows its failure toast when the waitlist cannot take the entry", async ({ page }) => {
      await page.route("**/api/waitlist", (route) =>
        route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"down"}' }),
      )
      await openHydrated(page, localizedPath(code, "/contact"))
      const form = formIn(page, code)
      await form.name.fill("Ana")
      await form.email.fill(uniqueEmail(`${code}-down`))
      await form.send.click()
      await expect(page.getByText(translate(code, "toast.failure.title"), { exact: true })).toBeVisible()
      await expect(page.getByText(translate(code, "toast.failure.description"), { exact: true })).toBeVisible()
    })

    test("answers an unknown path under its prefix with its own error page and HTTP 404", async ({ page }) => {
      const response = await page.goto(localizedPath(code, "/no/such-page"))
      expect(response?.status()).toBe(404)
      await expect(page.locator("html")).toHaveAttribute("lang", htmlLang)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate(code, "error.title"))
      await expect(page.getByText(translate(code, "error.notFound"), { exact: true })).toBeVisible()
    })

    test("lists, on every page, alternates that each lead to a page listing the same alternates", async ({
      page,
      request,
    }) => {
      await page.goto(localizedPath(code, "/privacy-policy"))
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))
      expect(alternates).toHaveLength(LANGUAGES.length + 1)
      for (const href of alternates) {
        const answer = await request.get(new URL(href).pathname)
        expect(answer.status()).toBe(200)
        const html = await answer.text()
        for (const other of alternates) expect(html).toContain(`href="${other}"`)
      }
    })

    // One test per page, so each page's check has a timeout of its own.
    for (const route of PAGES) {
      test(`${route} does not scroll sideways at 320 px and has no WCAG 2.1 AA violation`, async ({ page }) => {
        await page.setViewportSize({ width: 320, height: 640 })
        await openHydrated(page, localizedPath(code, route))
        if (route === "/") await waitForMockup(page)
        expect(await sidewaysOverflow(page)).toBe(0)
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()
        expect(
          violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(" ")).join(", ")}`),
        ).toEqual([])
      })
    }
  })
}

/**
 * Where the lines of each paragraph the build marked with phrase breaks
 * start, read from the rendered text: the characters that begin a line
 * (their box sits lower than the one before), each with whether a line may
 * start there: after a <wbr>, a space, Japanese punctuation or a Latin word's hyphen, where Latin
 * script meets Japanese (a word's edge, where the browser may break too), or
 * inside a phrase that alone fills the whole line before (it cannot fit on one line).
 */
const lineStartsOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((paragraphs) =>
    paragraphs.map((paragraph) => {
      const starts: { text: string; allowed: boolean }[] = []
      const skipStyles = (node: Node) =>
        ["STYLE", "SCRIPT"].includes(node.nodeName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
        acceptNode: skipStyles,
      })
      const latin = (character: string) => /[\x21-\x7e]/u.test(character)
      let opportunity = true
      let opportunitiesOnLine = 0
      let previousTop: number | null = null
      let previous = ""
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeName === "WBR") opportunity = true
        if (node.nodeType !== Node.TEXT_NODE) continue
        const text = node.textContent ?? ""
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange()
          range.setStart(node, index)
          range.setEnd(node, index + 1)
          const box = range.getClientRects()[0]
          const character = text[index] ?? ""
          if (previous && /\S/u.test(previous) && latin(previous) !== latin(character)) opportunity = true
          if (box && /\S/u.test(character)) {
            if (previousTop !== null && box.top > previousTop + 2) {
              starts.push({ text: text.slice(index, index + 6), allowed: opportunity || opportunitiesOnLine === 0 })
              opportunitiesOnLine = 0
            } else if (opportunity && previousTop !== null) opportunitiesOnLine += 1
            previousTop = box.top
          }
          // A hyphen inside a Latin word ("User-Agent") lets the line break after it, as in any Latin text.
          opportunity =
            /[\s、。，．・：；！？）」』】〕］｝〉》]/u.test(character) || (character === "-" && latin(previous))
          previous = character
        }
      }
      return starts
    }),
  )

test.describe("Japanese lines", () => {
  for (const width of [320, 375]) {
    test(`break only between phrases at ${width} px, on the landing page and in the privacy policy`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 })
      let lines = 0
      for (const route of ["/ja", "/ja/privacy-policy"]) {
        await page.goto(route)
        // The text's own paragraphs: a marked container may hold blocks or flex items, which start lower without a line break.
        const starts = (await lineStartsOf(page, ":is(h1, h2, h3, p, li).phrases")).flat()
        lines += starts.length
        expect(
          starts
            .filter((start) => !start.allowed)
            .map((start) => `${route}: a line starts inside a phrase at '${start.text}'`),
        ).toEqual([])
      }
      expect(lines).toBeGreaterThan(100)
    })
  }
})

test.describe("screenshots of the Japanese and German pages at 375 px", () => {
  const docs = path.join(PROJECT_ROOT, "docs", "screenshots")
  for (const code of ["ja", "de"] as const) {
    test(`/${code} and /${code}/contact`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 375, height: 800 })
      for (const [route, name] of [
        ["/", "home"],
        ["/contact", "contact"],
      ] as const) {
        await openHydrated(page, localizedPath(code, route))
        if (route === "/") await waitForMockup(page)
        const file = `${code}-${name}-375.png`
        const shot = path.join(testInfo.project.outputDir, "screenshots", file)
        await page.screenshot({ path: shot, fullPage: true, caret: "hide" })
        if (process.env.UPDATE_SCREENSHOTS === "1") {
          fs.mkdirSync(docs, { recursive: true })
          fs.copyFileSync(shot, path.join(docs, file))
        }
      }
    })
  }
})
