import { systemColorModeScript } from "../color-mode/system-color-mode-script"
import { keepReferralScript } from "../waitlist/keep-referral-script"
import { currentYearScript } from "./current-year-script"
import { startIslandsScript } from "./start-islands-script"

/** Runs scripts once the page has loaded: after its first paint, never in the way of it. */
const afterLoad = (scripts: string[]) => `addEventListener("load", function () {\n${scripts.join("\n")}\n});`

/**
 * The one inline script gatsby-ssr puts at the end of every page, with or
 * without Gatsby's client runtime: a personal link's code kept for the
 * visit at once (the contact form's island may read it as it starts), the
 * page's islands started after the first paint, then, after load, the
 * `system-color-mode` record and the current year in the copyright line:
 * each call to storage is milliseconds of the main thread that the first
 * paint would otherwise wait for (docs/benchmarks.md). A chosen color mode
 * is Theme UI's to apply, on the pages whose toggle lets a visitor choose
 * one (see gatsby-config).
 * One script, at the end, so that the browser parses the page in one go
 * and lays it out once (a script early in the page made it stop, lay out
 * what it had, and lay out again). Written once here, so the page and the
 * Content-Security-Policy's hash (src/security/page-inline-scripts.ts) come
 * from the same text.
 */
export const PAGE_SCRIPT = {
  key: "page-script",
  text: [keepReferralScript, startIslandsScript, afterLoad([systemColorModeScript, currentYearScript])].join("\n"),
} as const
