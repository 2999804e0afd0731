import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"

/** WCAG 2.1 A and AA, as axe-core tags them. */
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

/** Fails with one line per rule and element when axe finds a WCAG 2.1 AA violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()
  expect(violations.flatMap(({ id, help, nodes }) => nodes.map((node) => `${id} (${help}): ${node.target.join(" ")}`))).toEqual([])
}
