import type { HeadFC, PageProps } from "gatsby"
import { ErrorNotice } from "../components/error-notice"
import { Layout } from "../components/layout"
import { Seo } from "../components/seo"
import { useLanguage } from "../i18n/language-context"
import { headTexts, type PageContext } from "../i18n/page-context"

export default function NotFoundPage({ location }: PageProps) {
  const { t } = useLanguage()
  return (
    <Layout pathname={location.pathname}>
      <ErrorNotice detail={t("error.notFound")} />
    </Layout>
  )
}

export const Head: HeadFC<object, PageContext> = ({ location, pageContext }) => {
  const { t } = headTexts(pageContext)
  return (
    <Seo
      title={t("error.notFound")}
      description={t("error.notFoundDescription")}
      pathname={location.pathname}
      noindex
    />
  )
}
