import fs from "fs"
import path from "path"
import { COLOR_MODES, canvasColor, showInColorMode } from "./support/color-modes"
import { openHydrated } from "./support/hydration"
import { mockupOpacity, waitForMockup } from "./support/phone-mockup"
import { ROUTES } from "./support/routes"
import { PROJECT_ROOT as projectRoot } from "../test/support/project-root"
import { expect, test } from "./support/test"

/** Widths of the screenshots: a phone and a desktop window. */
const SHOT_WIDTHS = [375, 1280]

/** UPDATE_SCREENSHOTS=1 also copies every screenshot to docs/screenshots/, the set docs/architecture.md shows. */
const DOCS_DIR = path.join(projectRoot, "docs", "screenshots")
const updateDocs = process.env.UPDATE_SCREENSHOTS === "1"

for (const { mode, background } of COLOR_MODES) {
  test.describe(`screenshots in ${mode} mode`, () => {
    for (const { path: route, name } of ROUTES) {
      test(`${route} at ${SHOT_WIDTHS.join(" and ")} px`, async ({ page }, testInfo) => {
        if (mode === "light") await showInColorMode(page, mode)
        const outDir = path.join(testInfo.project.outputDir, "screenshots")
        for (const width of SHOT_WIDTHS) {
          await page.setViewportSize({ width, height: 800 })
          await openHydrated(page, route)
          expect(await canvasColor(page)).toBe(background)
          if (route === "/") {
            await waitForMockup(page)
            expect(await mockupOpacity(page)).toBe(1)
          }
          const file = `${name}-${width}-${mode}.png`
          await page.screenshot({ path: path.join(outDir, file), fullPage: true, caret: "hide" })
          if (updateDocs) {
            fs.mkdirSync(DOCS_DIR, { recursive: true })
            fs.copyFileSync(path.join(outDir, file), path.join(DOCS_DIR, file))
          }
        }
      })
    }
  })
}
