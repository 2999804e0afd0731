/** The attribute of the language switcher's list, which a page's script finds its links by. */
export const LANGUAGE_LINKS_ATTRIBUTE = "data-language-links"

/**
 * Gives each link of the language switcher the named parameters of the
 * page's own address, so that a page whose address says whose it is (the
 * place page's signed link) stays that page in another language. The links
 * are plain links built with the page; only the parameters are added.
 */
export function carryParamsToLanguageLinks(document: Document, names: readonly string[]): void {
  const here = new URLSearchParams(document.location.search)
  const links = document.querySelectorAll<HTMLAnchorElement>(`[${LANGUAGE_LINKS_ATTRIBUTE}] a[href]`)
  for (const link of links) {
    const url = new URL(link.href, document.baseURI)
    for (const name of names) {
      const value = here.get(name)
      if (value !== null) url.searchParams.set(name, value)
    }
    link.href = url.pathname + url.search + url.hash
  }
}
