import type { HeadFC, PageProps } from "gatsby"
import { ContactFormIsland } from "../components/contact-form-island"
import { Layout } from "../components/layout"
import { Seo } from "../components/seo"
import { siteFacts } from "../config/site-facts"
import { Container } from "../elements/container"
import { useLanguage } from "../i18n/language-context"
import { headTexts, type PageContext } from "../i18n/page-context"
import { withElement } from "../i18n/with-element"

export default function ContactPage({ location }: PageProps) {
  const { t } = useLanguage()
  const mail = <a href={`mailto:${siteFacts.supportEmail}`}>{siteFacts.supportEmail}</a>
  return (
    <Layout pathname={location.pathname}>
      <Container sx={{ pt: [5, null, 7] }}>
        <div sx={{ maxWidth: "prose" }}>
          <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7, 8], m: 0 }}>{t("contact.title")}</h1>
          <p sx={{ variant: "text.lead", mt: 3, mb: 6 }}>{t("contact.lead")}</p>
          <ContactFormIsland />
          {/* The form sends its entry as JSON from its script; without scripts, the address still reaches us. */}
          <noscript>
            <p>{withElement(t("contact.noscript"), "supportEmail", mail)}</p>
          </noscript>
        </div>
      </Container>
    </Layout>
  )
}

export const Head: HeadFC<object, PageContext> = ({ location, pageContext }) => {
  const { t } = headTexts(pageContext)
  return <Seo title={t("contact.title")} description={t("contact.description")} pathname={location.pathname} />
}
