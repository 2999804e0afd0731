import { useLanguage } from "../i18n/language-context"

const stores = [
  { label: "store.ios", store: "apple", variant: "buttons.primary" },
  { label: "store.android", store: "google", variant: "buttons.secondary" },
] as const

/**
 * The two store buttons; each opens `/get` with its store named, in a new
 * tab, so the server counts the click and sends it on to the store. The
 * page's own address reaches `/get` as the Referer of a same-origin
 * request (hence no `noreferrer`), and with it the campaign the visitor
 * arrived by; `/get` passes nothing else on to the store.
 */
export function StoreButtons() {
  const { t, path } = useLanguage()
  return (
    <div sx={{ display: "flex", flexDirection: ["column", null, "row"], gap: 3, mt: 6 }}>
      {stores.map(({ label, store, variant }) => (
        <a key={label} href={`${path("/get")}?store=${store}`} target="_blank" rel="noopener" sx={{ variant }}>
          {t(label)}
        </a>
      ))}
    </div>
  )
}
