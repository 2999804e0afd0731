import { createContext, useContext, type ReactNode } from "react"
import { DEFAULT_LANGUAGE, localizedPath, type LanguageCode } from "./languages"
import { translate, type MessageKey, type MessageValues } from "./messages"

const LanguageContext = createContext<LanguageCode>(DEFAULT_LANGUAGE)

/** Gives the components of a page its language (gatsby-ssr's wrapPageElement passes the page context's `lang`). */
export function LanguageProvider({ code, children }: { code: LanguageCode; children: ReactNode }) {
  return <LanguageContext.Provider value={code}>{children}</LanguageContext.Provider>
}

/** What a component needs to speak the page's language. */
export type Speaking = {
  lang: LanguageCode
  /** A text of the page's language, its placeholders filled. */
  t: (key: MessageKey, values?: MessageValues) => string
  /** A path of the site in the page's language. */
  path: (to: string) => string
}

/** The page's language, its texts and its paths. */
export function useLanguage(): Speaking {
  const lang = useContext(LanguageContext)
  return { lang, t: (key, values) => translate(lang, key, values), path: (to) => localizedPath(lang, to) }
}
