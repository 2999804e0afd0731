import jsQR from "jsqr"
import sharp from "sharp"
import type { Locator } from "@playwright/test"
import { siteFacts } from "../src/config/site-facts"
import { localizedPath, type LanguageCode } from "../src/i18n/languages"
import { translate } from "../src/i18n/messages"
import { DESKTOP_CHROME } from "../test/support/device-user-agents"
import { showInColorMode, COLOR_MODES } from "./support/color-modes"
import { recordStoreRedirects } from "./support/store-redirects"
import { expect, test } from "./support/test"

/** What a phone's camera reads in a QR code as the screen shows it. */
async function decoded(code: Locator): Promise<string | undefined> {
  const { data, info } = await sharp(await code.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data
}

test.describe("/get as a desktop sees it", () => {
  for (const { mode } of COLOR_MODES) {
    for (const code of ["en", "ja", "pt-br"] as const satisfies LanguageCode[]) {
      const route = localizedPath(code, "/get")
      test(`${route} in ${mode} mode shows a QR code that a camera reads as ${route}'s own address`, async ({
        page,
      }) => {
        if (mode === "light") await showInColorMode(page, mode)
        await page.goto(route)
        const address = `${siteFacts.siteUrl}${route}`
        const qrCode = page.getByRole("img", { name: translate(code, "get.qrLabel", { address }) })
        await expect(qrCode).toBeVisible()
        expect(await decoded(qrCode)).toBe(address)
        await expect(page.getByText(address, { exact: true })).toBeVisible()
      })
    }
  }

  test("offers both stores, each button opening /get with its store named in a new tab", async ({ page }) => {
    await page.goto("/es/get")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Descarga ${siteFacts.appName}`)
    for (const [name, store] of [
      ["Descargar para iPhone", "apple"],
      ["Descargar para Android", "google"],
    ]) {
      const button = page.getByRole("link", { name, exact: true })
      await expect(button).toHaveAttribute("href", `/es/get?store=${store}`)
      await expect(button).toHaveAttribute("target", "_blank")
    }
  })
})

test.describe("the store buttons of a desktop browser", () => {
  test.use({ userAgent: DESKTOP_CHROME })

  for (const { label, store, listing } of [
    { label: "Download for iPhone", store: "apple", listing: siteFacts.appStoreUrl },
    { label: "Download for Android", store: "google", listing: siteFacts.playStoreUrl },
  ]) {
    test(`'${label}' on the /get page opens /get?store=${store} in a new tab, which the site sends to the store's listing`, async ({
      page,
      context,
    }) => {
      const redirects = await recordStoreRedirects(context)
      await page.goto("/get")
      const [tab] = await Promise.all([
        page.waitForEvent("popup"),
        page.getByRole("link", { name: label, exact: true }).click(),
      ])
      await tab.waitForLoadState()
      expect(redirects).toEqual([
        { url: new URL(`/get?store=${store}`, page.url()).href, referer: page.url(), status: 302, location: listing },
      ])
      expect(await tab.evaluate(() => window.opener)).toBeNull()
      await expect(page).toHaveURL("/get")
    })
  }
})
