import { chosenColorModeScript } from "../color-mode/chosen-color-mode"
import { systemColorModeScript } from "../color-mode/system-color-mode-script"
import { keepReferralScript } from "../waitlist/keep-referral-script"
import { currentYearScript } from "./current-year-script"

/**
 * The one inline script gatsby-ssr puts at the end of every page, with or
 * without Gatsby's client runtime: the visitor's chosen color mode, the
 * `system-color-mode` record, the current year in the copyright line, and a
 * personal link's code kept for the visit. One script, at the end, so that
 * the browser parses the page in one go and lays it out once (a script
 * early in the page made it stop, lay out what it had, and lay out again:
 * docs/benchmarks.md). Written once here, so the page and the
 * Content-Security-Policy's hash (src/security/page-inline-scripts.ts) come
 * from the same text.
 */
export const PAGE_SCRIPT = {
  key: "page-script",
  text: [chosenColorModeScript, systemColorModeScript, currentYearScript, keepReferralScript].join("\n"),
} as const
