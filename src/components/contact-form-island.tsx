import { graphql, useStaticQuery } from "gatsby"
import { useColorMode } from "theme-ui"
import { CONTACT_FORM_ISLAND_ID, ContactFormIslandContent } from "./contact-form-island-content"
import { ContactFormStyles } from "./contact-form-styles"
import { islandSource } from "./island-source"
import { contactFormTexts, CONTACT_FORM_TEXTS_ID } from "../i18n/contact-form-texts"
import { useLanguage } from "../i18n/language-context"
import { jsonLdText } from "../seo/structured-data"
import { NO_PHRASE_BREAKS_ATTRIBUTE } from "../ssr/phrase-marks"

/**
 * The one interactive part of the site. In the production build the rest
 * of the contact page stays static HTML and only this element hydrates,
 * from its own small script, which the build bundled and sourced as an
 * `Island` node (see gatsby-node's sourceNodes): the script's hashed name
 * is data of this page, so a changed island renders the page anew. Under
 * `gatsby develop` there is no such node, and the form hydrates with the page.
 * The form's texts in the page's language travel as a JSON data block,
 * which the island reads before it hydrates; its styles are a stylesheet the
 * build makes from the theme, outside the element the island takes over.
 * Its toasts take the page's color mode from Theme UI: the visitor's choice
 * where the header's toggle and Gatsby's runtime are, else the initial dark.
 */
export function ContactFormIsland() {
  const { lang } = useLanguage()
  const texts = contactFormTexts(lang)
  const data = useStaticQuery<Queries.ContactFormIslandQuery>(graphql`
    query ContactFormIsland {
      island(name: { eq: "contact-form" }) {
        src
      }
    }
  `)
  const src = data?.island?.src
  const [colorMode] = useColorMode()
  return (
    <>
      <ContactFormStyles />
      {/* The island renders this element again in the browser: its text stays as it renders it. */}
      <div id={CONTACT_FORM_ISLAND_ID} {...islandSource(src)} {...{ [NO_PHRASE_BREAKS_ATTRIBUTE]: "" }}>
        <ContactFormIslandContent texts={texts} colorMode={colorMode === "light" ? "light" : "dark"} />
      </div>
      <script
        type="application/json"
        id={CONTACT_FORM_TEXTS_ID}
        dangerouslySetInnerHTML={{ __html: jsonLdText(texts) }}
      />
    </>
  )
}
