import { CONTACT_FORM_CLASSES } from "./contact-form-classes"

/**
 * A field only bots fill: named `city`, off-screen, out of the tab order,
 * without autocomplete and hidden from assistive technology. The form sends
 * it as it is; the server quietly drops entries that have it.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className={CONTACT_FORM_CLASSES.honeypot}>
      <label htmlFor="city">City</label>
      <input id="city" name="city" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  )
}
