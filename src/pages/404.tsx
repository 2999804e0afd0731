import type { HeadFC, PageProps } from "gatsby"
import { ErrorNotice } from "../components/error-notice"
import { Layout } from "../components/layout"
import { Seo } from "../components/seo"

export default function NotFoundPage({ location }: PageProps) {
  return (
    <Layout pathname={location.pathname}>
      <ErrorNotice detail="Not Found" />
    </Layout>
  )
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Not Found" description="This page does not exist." pathname={location.pathname} noindex />
)
