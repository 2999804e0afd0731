import type { HeadFC, PageProps } from "gatsby"
import { GetTheApp } from "../components/get-the-app"
import { Layout } from "../components/layout"
import { Seo } from "../components/seo"
import { siteFacts } from "../config/site-facts"
import { headTexts, type PageContext } from "../i18n/page-context"

/** gatsby-node gives `/get` the address its pages are made for, which its QR code holds. */
type GetPageContext = PageContext & { siteUrl?: string }

/** `/get`, as a desktop or a crawler sees it: the production server sends a phone to its store instead (src/server/get-link/). */
export default function GetPage({ location, pageContext }: PageProps<object, GetPageContext>) {
  return (
    <Layout pathname={location.pathname}>
      <GetTheApp siteUrl={pageContext.siteUrl ?? siteFacts.siteUrl} />
    </Layout>
  )
}

export const Head: HeadFC<object, PageContext> = ({ location, pageContext }) => {
  const { t } = headTexts(pageContext)
  const appName = siteFacts.appName
  return (
    <Seo
      title={t("get.title", { appName })}
      description={t("get.description", { appName })}
      pathname={location.pathname}
    />
  )
}
