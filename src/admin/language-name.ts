import { LANGUAGES } from "../i18n/languages"

/** A language of the site by its name in itself ("Español"), from its code ("es"); the code itself for one the site has not, "Not known" for none. */
export const languageName = (code: string | null): string =>
  LANGUAGES.find((language) => language.code === code)?.name ?? code ?? "Not known"
