import type { HeadFC, PageProps } from "gatsby"
import { useLanguage } from "../i18n/language-context"
import { headTexts, type PageContext } from "../i18n/page-context"
import { Layout } from "./layout"
import { LinkNotice } from "./link-notice"
import { Seo } from "./seo"
import { WhatComesNext } from "./what-comes-next"

/** The pages the links of our mails open, each named by its texts' keys (`link.confirm.title`, ...). */
export type LinkPageKind = "confirm" | "confirmed" | "leave" | "left" | "expired"

/** The Function whose button a page shows: confirming or leaving acts only on this POST, never on the mail link's GET. */
const ACTIONS: Partial<Record<LinkPageKind, { to: string; label: "link.confirm.button" | "link.leave.button" }>> = {
  confirm: { to: "/api/waitlist-confirm", label: "link.confirm.button" },
  leave: { to: "/api/waitlist-leave", label: "link.leave.button" },
}

/** Where a visitor goes next: signing up again after leaving or an expired link, home otherwise. */
const signsUpAgain = (kind: LinkPageKind) => kind === "left" || kind === "expired"

/** A page opened by a link of our mails, in the page's language; its button's POST says which language to answer in. */
export function LinkPage({ kind, location }: { kind: LinkPageKind } & Pick<PageProps, "location">) {
  const { lang, t, path } = useLanguage()
  const action = ACTIONS[kind]
  return (
    <Layout pathname={location.pathname}>
      <LinkNotice
        title={t(`link.${kind}.title`)}
        body={t(`link.${kind}.body`)}
        action={action && { to: `${action.to}?lang=${lang}`, label: t(action.label) }}
        next={
          signsUpAgain(kind)
            ? { to: path("/contact"), label: t("link.signUpAgain") }
            : { to: path("/"), label: t("link.home") }
        }
      >
        {kind === "confirmed" && <WhatComesNext />}
      </LinkNotice>
    </Layout>
  )
}

/** The Head of a link's page: its title, and `noindex` (these pages mean nothing to a search engine). */
export const linkPageHead =
  (kind: LinkPageKind): HeadFC<object, PageContext> =>
  ({ location, pageContext }) => {
    const { t } = headTexts(pageContext)
    return (
      <Seo
        title={t(`link.${kind}.title`)}
        description={t(`link.${kind}.description`)}
        pathname={location.pathname}
        noindex
      />
    )
  }
