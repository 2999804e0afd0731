/**
 * The browser entry of the contact form's island, bundled by
 * src/build/bundle-islands.ts into public/ and loaded by /contact alone.
 * It hydrates the form (and its toasts) inside the server-rendered page;
 * the header, the text and the footer around it stay static HTML, and no
 * Gatsby runtime, router or page data is loaded. Nor Theme UI: the form's
 * styles are the page's own stylesheet (ContactFormStyles), which the
 * island's elements name by class.
 */
import { hydrateRoot } from "react-dom/client"
import { CONTACT_FORM_ISLAND_ID, ContactFormIslandContent } from "../components/contact-form-island-content"
import { CONTACT_FORM_TEXTS_ID, type ContactFormTexts } from "../i18n/contact-form-texts"

const container = document.getElementById(CONTACT_FORM_ISLAND_ID)
const texts = document.getElementById(CONTACT_FORM_TEXTS_ID)?.textContent
if (container && texts) {
  // The build makes islands only while the header hides the color-mode toggle (gatsby-node), when every page is dark.
  hydrateRoot(container, <ContactFormIslandContent texts={JSON.parse(texts) as ContactFormTexts} colorMode="dark" />)
}
