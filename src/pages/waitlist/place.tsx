import type { HeadFC, PageProps } from "gatsby"
import { Layout } from "../../components/layout"
import { PlaceIsland } from "../../components/place-island"
import { Seo } from "../../components/seo"
import { WhatComesNext } from "../../components/what-comes-next"
import { Container } from "../../elements/container"
import { useLanguage } from "../../i18n/language-context"
import { headTexts, type PageContext } from "../../i18n/page-context"

/**
 * Where a person stands in line, opened by the signed link of our mails and
 * of the page after confirming (`?code=…&sig=…`): a page of the site like
 * any other, whose person's part the API fills in (see PlaceIsland).
 */
export default function PlacePage({ location }: PageProps) {
  const { t } = useLanguage()
  return (
    <Layout pathname={location.pathname}>
      <Container sx={{ pt: [5, null, 7] }}>
        <div sx={{ maxWidth: "prose" }}>
          <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7, 8], mt: 0, mb: 5 }}>{t("place.title")}</h1>
          <PlaceIsland />
          <noscript>
            <p>{t("place.noscript")}</p>
          </noscript>
          <WhatComesNext />
        </div>
      </Container>
    </Layout>
  )
}

/** Its Head: `noindex`, as every page of the mails' links (it means nothing without its signed link). */
export const Head: HeadFC<object, PageContext> = ({ location, pageContext }) => {
  const { t } = headTexts(pageContext)
  return <Seo title={t("place.title")} description={t("place.description")} pathname={location.pathname} noindex />
}
