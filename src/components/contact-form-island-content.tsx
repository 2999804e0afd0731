import type { ContactFormTexts } from "../i18n/contact-form-texts"
import { ContactForm } from "./contact-form"
import { CONTACT_FORM_CLASSES } from "./contact-form-classes"
import { ErrorBoundary } from "./error-boundary"
import { Toasts, type ToastColorMode } from "./toasts"

export { CONTACT_FORM_ISLAND_ID } from "./ready-marks"

/**
 * What shows in place of the form if it fails to render. Unlike the error
 * page it has no heading (the page keeps its own) and no Gatsby link, which
 * would need Gatsby's runtime in the island.
 */
function FormError({ message, text }: { message: string; text: string }) {
  return (
    <div role="alert">
      <p className={CONTACT_FORM_CLASSES.failure}>{text}</p>
      <p className={CONTACT_FORM_CLASSES.failureDetail}>{message}</p>
    </div>
  )
}

/**
 * Everything inside the island: the form and the toasts it shows. The
 * server renders it inside ContactFormIsland; the island's script hydrates
 * it alone, without Gatsby (so nothing here may import from "gatsby") and
 * without Theme UI (so nothing here takes `sx`: its parts carry the class
 * names of CONTACT_FORM_CLASSES, whose styles the page already has), with
 * the same texts, which the page carries as data, and the page's color mode
 * for the toasts.
 */
export function ContactFormIslandContent({ texts, colorMode }: { texts: ContactFormTexts; colorMode: ToastColorMode }) {
  return (
    <ErrorBoundary fallback={(message) => <FormError message={message} text={texts["form.error"]} />}>
      <ContactForm texts={texts} />
      <Toasts colorMode={colorMode} />
    </ErrorBoundary>
  )
}
