import { systemColorModeScript } from "../color-mode/system-color-mode-script"
import { keepReferralScript } from "../waitlist/keep-referral-script"
import { currentYearScript } from "./current-year-script"

/**
 * The inline scripts gatsby-ssr puts on every page, with or without
 * Gatsby's client runtime: written once here, so the page and the
 * Content-Security-Policy's hashes (src/security/page-inline-scripts.ts)
 * come from the same text.
 */
export const PAGE_SCRIPTS = {
  /** In the head: records the system's color scheme as `system-color-mode` before anything paints. */
  head: { key: "system-color-mode", text: systemColorModeScript },
  /** At the end of the body: writes the visitor's current year into the copyright line. */
  postBody: { key: "current-year", text: currentYearScript },
  /** At the end of the body: keeps a personal link's code for the rest of the visit, for the contact form. */
  referral: { key: "keep-referral", text: keepReferralScript },
} as const
