import { LANGUAGE_LINKS_ATTRIBUTE } from "../i18n/language-links"
import { LANGUAGES, localizedPath, splitLanguage } from "../i18n/languages"
import { useLanguage } from "../i18n/language-context"
import { trimTrailingSlashes } from "../routing/trim-slashes"

/** The page in English that a path shows, the error page leading to the home page (its other paths are any unknown path). */
function pageOf(pathname: string): string {
  const { path } = splitLanguage(trimTrailingSlashes(pathname) || "/")
  return path === "/404" || path === "/404.html" ? "/" : path
}

/**
 * The language switcher: one plain link per language, named in itself, to
 * the same page in that language. It needs no script, and a visitor's
 * choice is only the address: nothing redirects by browser language.
 */
export function LanguageSwitcher({ pathname }: { pathname: string }) {
  const { lang, t } = useLanguage()
  const page = pageOf(pathname)
  return (
    <nav aria-label={t("footer.languagesLabel")} {...{ [LANGUAGE_LINKS_ATTRIBUTE]: "" }} sx={{ gridColumn: "1 / -1" }}>
      <ul sx={{ display: "flex", flexWrap: "wrap", gap: 3, listStyle: "none", p: 0, m: 0 }}>
        {LANGUAGES.map(({ code, htmlLang, name }) => (
          <li key={code}>
            <a
              href={localizedPath(code, page)}
              hrefLang={htmlLang}
              lang={htmlLang}
              aria-current={code === lang ? "true" : undefined}
              sx={{
                variant: "links.nav",
                display: "inline-block",
                py: 2,
                fontWeight: code === lang ? "bold" : undefined,
              }}
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
