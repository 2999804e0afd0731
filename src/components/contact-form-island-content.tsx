import { ContactForm } from "./contact-form"
import { ErrorBoundary } from "./error-boundary"
import { Toasts } from "./toasts"

/** The element the contact form's island hydrates (src/islands/contact-form.client.tsx). */
export const CONTACT_FORM_ISLAND_ID = "contact-form-island"

/**
 * What shows in place of the form if it fails to render. Unlike the error
 * page it has no heading (the page keeps its own) and no Gatsby link, which
 * would need Gatsby's runtime in the island.
 */
function FormError({ message }: { message: string }) {
  return (
    <div role="alert">
      <p sx={{ variant: "text.lead", m: 0 }}>Sorry, an unexpected error has occurred.</p>
      <p sx={{ fontStyle: "italic", color: "muted", mt: 2 }}>{message}</p>
    </div>
  )
}

/**
 * Everything inside the island: the form and the toasts it shows. The
 * server renders it inside ContactFormIsland; the island's script hydrates
 * it alone, without Gatsby (so nothing here may import from "gatsby").
 */
export function ContactFormIslandContent() {
  return (
    <ErrorBoundary fallback={(message) => <FormError message={message} />}>
      <ContactForm />
      <Toasts />
    </ErrorBoundary>
  )
}
