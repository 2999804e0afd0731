import { Link } from "gatsby"
import { siteFacts } from "../config/site-facts"
import { Container } from "../elements/container"
import { useLanguage } from "../i18n/language-context"
import { pageUrl } from "../seo/page-url"
import { QrCode } from "./qr-code"
import { StoreButtons } from "./store-buttons"

/**
 * The page `/get` shows a desktop (a phone is sent to its store before it
 * gets here): both store buttons and a QR code of this language's `/get`
 * under `siteUrl`, the address the site is served at, to open it on a
 * phone. While the app is not in the stores, the waitlist takes the
 * buttons' place.
 */
export function GetTheApp({ siteUrl }: { siteUrl: string }) {
  const { t, path } = useLanguage()
  const address = pageUrl(siteUrl, path("/get"))
  return (
    <Container sx={{ py: [7, null, 9] }}>
      <div sx={{ display: "grid", gridTemplateColumns: ["1fr", null, "1fr auto"], alignItems: "center", gap: 7 }}>
        <div>
          <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7], m: 0 }}>
            {t("get.title", { appName: siteFacts.appName })}
          </h1>
          <p sx={{ variant: "text.lead", mt: 4, mb: 0 }}>
            {siteFacts.appLive ? t("get.lead") : t("get.notYet", { appName: siteFacts.appName })}
          </p>
          {siteFacts.appLive ? (
            <StoreButtons />
          ) : (
            <Link to={path("/contact")} sx={{ variant: "buttons.primary", mt: 6 }}>
              {t("get.joinWaitlist")}
            </Link>
          )}
        </div>
        <figure sx={{ m: 0, justifySelf: ["start", null, "center"] }}>
          <QrCode text={address} label={t("get.qrLabel", { address })} />
          <figcaption sx={{ variant: "text.small", mt: 3 }}>
            {t("get.scan")}
            <bdi sx={{ display: "block", overflowWrap: "anywhere" }}>{address}</bdi>
          </figcaption>
        </figure>
      </div>
    </Container>
  )
}
