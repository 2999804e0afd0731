import { Global, type ThemeUIStyleObject } from "theme-ui"
import { PLACE_CLASSES, type PlacePart } from "./place-classes"

/** Each part's style, in the theme's tokens and variants, as `sx` would take it. */
const STYLES: Record<PlacePart, ThemeUIStyleObject> = {
  // Room for the person's data before it arrives, so the footer does not jump when it does.
  view: { minHeight: [480, null, 400] },
  position: { fontSize: [5, null, 6], fontWeight: "heading", color: "accent", mt: 0, mb: 4 },
  line: { variant: "text.lead", color: "text", my: 2 },
  how: { variant: "text.lead", mt: 4 },
  label: { variant: "forms.label", display: "block", mt: 6 },
  link: { variant: "forms.input", width: "100%", mt: 2 },
  hint: { variant: "text.small", mt: 2 },
  share: { variant: "text.heading", fontSize: [4, null, 5], mt: 6, mb: 3 },
  shareLinks: { display: "flex", flexWrap: "wrap", gap: 3, listStyle: "none", p: 0, m: 0 },
  shareLink: { variant: "buttons.primary" },
  reward: { my: 4, px: 4, py: 3, borderRadius: "medium", bg: "surface" },
  rewardTitle: { variant: "text.heading", fontSize: [3, null, 4], mt: 0, mb: 2 },
  code: {
    fontFamily: "ui-monospace, Menlo, Consolas, monospace",
    fontSize: [4, null, 5],
    fontWeight: "heading",
    letterSpacing: "0.05em",
    color: "accent",
    my: 2,
  },
  storeForm: { my: 4 },
  storeChoices: { border: "1px solid", borderColor: "muted", borderRadius: "medium", m: 0, mb: 3, p: 3 },
  storeChoice: { display: "block", my: 2 },
}

const rules = Object.fromEntries(
  (Object.keys(STYLES) as PlacePart[]).map((part) => [`.${PLACE_CLASSES[part]}`, STYLES[part]]),
) as ThemeUIStyleObject

/**
 * The place page's stylesheet, made from the theme while the page renders:
 * the theme stays the one source of its looks, color modes included (its
 * colors are the theme's CSS variables), and the island only uses the
 * class names.
 */
export function PlaceStyles() {
  return <Global styles={rules} />
}
