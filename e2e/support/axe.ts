import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"

/** WCAG 2.1 A and AA, as axe-core tags them. */
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

/**
 * Fails with one line per rule and element when axe finds a WCAG 2.1 AA
 * violation on the page as it is now. `exclude` names what axe cannot
 * enter: a frame sandboxed without scripts runs none of axe's either (its
 * own title, outside it, is still checked).
 */
export async function expectAccessible(page: Page, { exclude }: { exclude?: string } = {}): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_21_AA)
  const { violations } = await (exclude ? builder.exclude(exclude) : builder).analyze()
  expect(
    violations.flatMap(({ id, help, nodes }) => nodes.map((node) => `${id} (${help}): ${node.target.join(" ")}`)),
  ).toEqual([])
}
