import { useLanguage } from "../i18n/language-context"
import { siteFacts } from "../config/site-facts"

const stores = [
  { label: "store.ios", href: siteFacts.appStoreUrl, variant: "buttons.primary" },
  { label: "store.android", href: siteFacts.playStoreUrl, variant: "buttons.secondary" },
] as const

/** The two store buttons; each opens its store listing in a new tab. */
export function StoreButtons() {
  const { t } = useLanguage()
  return (
    <div sx={{ display: "flex", flexDirection: ["column", null, "row"], gap: 3, mt: 6 }}>
      {stores.map(({ label, href, variant }) => (
        <a key={label} href={href} target="_blank" rel="noopener noreferrer" sx={{ variant }}>
          {t(label)}
        </a>
      ))}
    </div>
  )
}
