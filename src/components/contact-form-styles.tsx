import { Global, type ThemeUIStyleObject } from "theme-ui"
import { CONTACT_FORM_CLASSES, type ContactFormPart } from "./contact-form-classes"

/** Each part's style, in the theme's tokens and variants, as `sx` would take it. */
const STYLES: Record<ContactFormPart, ThemeUIStyleObject> = {
  form: { display: "grid", gap: 5, position: "relative" },
  field: { display: "flex", flexDirection: "column" },
  label: { variant: "forms.label" },
  input: { variant: "forms.input" },
  textarea: { variant: "forms.textarea" },
  fieldError: { variant: "text.fieldError" },
  honeypot: { position: "absolute", left: "-10000px", top: 0, width: 1, height: 1, overflow: "hidden" },
  send: { variant: "buttons.primary", justifySelf: "start", minWidth: 140 },
  sent: { mt: 5, mb: 0, pl: 4, py: 2, borderLeft: "4px solid", borderColor: "accent" },
  failure: { variant: "text.lead", m: 0 },
  failureDetail: { fontStyle: "italic", color: "muted", mt: 2 },
  toastTitle: { m: 0, fontWeight: "bold" },
  toastDescription: { m: 0, mt: 1, fontSize: 1 },
}

const rules = Object.fromEntries(
  (Object.keys(STYLES) as ContactFormPart[]).map((part) => [`.${CONTACT_FORM_CLASSES[part]}`, STYLES[part]]),
) as ThemeUIStyleObject

/**
 * The contact form's stylesheet, made from the theme while the page renders
 * (one `<style>` beside the form, outside the island's element): the theme
 * stays the one source of the form's looks, color modes included (its colors
 * are the theme's CSS variables), and the island only reuses the class names.
 */
export function ContactFormStyles() {
  return <Global styles={rules} />
}
