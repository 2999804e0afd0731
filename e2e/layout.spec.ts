import type { Locator, Page } from "@playwright/test"
import { siteFacts } from "../src/config/site-facts"
import { ROUTES, WIDTHS } from "./support/routes"
import { expect, test } from "./support/test"

const HEADER_HEIGHT = 80
const CONTENT_MAX_WIDTH = 1096
const SIDE_PADDING = 32

/** How far the page reaches past the window's right edge (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The width of the widest block directly inside a landmark. */
const widestChild = (landmark: Locator) =>
  landmark.evaluate((root) => Math.max(...[...root.children].map((child) => child.getBoundingClientRect().width)))

/** The box and side padding of the content column the header's logo sits in. */
const headerColumn = (page: Page) =>
  page
    .getByRole("banner")
    .getByRole("link", { name: siteFacts.appName, exact: true })
    .evaluate((logo) => {
      const column = logo.parentElement as HTMLElement
      const { x, width } = column.getBoundingClientRect()
      const style = getComputedStyle(column)
      return {
        x,
        width,
        paddingLeft: style.paddingLeft,
        paddingRight: style.paddingRight,
        viewport: document.documentElement.clientWidth,
      }
    })

test.describe("the layout", () => {
  for (const { path } of ROUTES) {
    test(`${path}: no sideways scrolling at ${WIDTHS.join(", ")} px, an 80 px header, nothing wider than 1096 px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 })
      await page.goto(path)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        expect(await sidewaysOverflow(page), `overflow at ${width} px`).toBe(0)
        expect((await page.getByRole("banner").boundingBox())?.height, `header at ${width} px`).toBe(HEADER_HEIGHT)
      }
      for (const landmark of [page.getByRole("banner"), page.getByRole("main"), page.getByRole("contentinfo")]) {
        expect(await widestChild(landmark)).toBeLessThanOrEqual(CONTENT_MAX_WIDTH)
      }
    })
  }

  test("the content column is at most 1096 px wide, 32 px padding included, centred", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto("/")
    const column = await headerColumn(page)
    expect(column.width).toBe(CONTENT_MAX_WIDTH)
    expect(column.x).toBeCloseTo((column.viewport - CONTENT_MAX_WIDTH) / 2, 0)
    expect([column.paddingLeft, column.paddingRight]).toEqual([`${SIDE_PADDING}px`, `${SIDE_PADDING}px`])
  })

  test("below 1096 px the column fills the window, keeping its 32 px padding", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto("/")
    const column = await headerColumn(page)
    expect(column.x).toBe(0)
    expect(column.width).toBe(column.viewport)
    expect([column.paddingLeft, column.paddingRight]).toEqual([`${SIDE_PADDING}px`, `${SIDE_PADDING}px`])
  })
})
