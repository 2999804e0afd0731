import type { ContactFormTexts } from "../i18n/contact-form-texts"
import { ContactForm } from "./contact-form"
import { ErrorBoundary } from "./error-boundary"
import { Toasts } from "./toasts"

export { CONTACT_FORM_ISLAND_ID } from "../islands/ready-marks"

/**
 * What shows in place of the form if it fails to render. Unlike the error
 * page it has no heading (the page keeps its own) and no Gatsby link, which
 * would need Gatsby's runtime in the island.
 */
function FormError({ message, text }: { message: string; text: string }) {
  return (
    <div role="alert">
      <p sx={{ variant: "text.lead", m: 0 }}>{text}</p>
      <p sx={{ fontStyle: "italic", color: "muted", mt: 2 }}>{message}</p>
    </div>
  )
}

/**
 * Everything inside the island: the form and the toasts it shows. The
 * server renders it inside ContactFormIsland; the island's script hydrates
 * it alone, without Gatsby (so nothing here may import from "gatsby"),
 * with the same texts, which the page carries as data.
 */
export function ContactFormIslandContent({ texts }: { texts: ContactFormTexts }) {
  return (
    <ErrorBoundary fallback={(message) => <FormError message={message} text={texts["form.error"]} />}>
      <ContactForm texts={texts} />
      <Toasts />
    </ErrorBoundary>
  )
}
