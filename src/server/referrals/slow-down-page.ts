/**
 * The page of a client past the personal links' rate limit (a 429): what
 * happened and what to do, in the visitor's language and the site's
 * colors, with no script.
 */
import { languageOf, localizedPath, type LanguageCode } from "../../i18n/languages"
import { translate } from "../../i18n/messages"
import { brandColors as c } from "../../brand/brand-colors"
import { siteFacts } from "../../config/site-facts"
import { escapeMarkup as e } from "../../markup/escape-markup"

/** The page as HTML. */
export const slowDownPage = (lang: LanguageCode): string => `<!doctype html>
<html lang="${e(languageOf(lang).htmlLang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${e(translate(lang, "place.slowDownTitle"))} | ${e(siteFacts.appName)}</title>
<style>
body{margin:0;background:${c.darkBackground};color:${c.text};font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1.125rem;line-height:1.6}
header,main{max-width:40rem;margin:0 auto;padding:1.5rem 2rem}
header a{color:${c.brand};font-weight:700;font-size:1.5rem;text-decoration:none}
h1{font-size:2.25rem;line-height:1.2;margin:1.5rem 0 1rem}
</style></head>
<body>
<header><a href="${e(localizedPath(lang, "/"))}">${e(siteFacts.appName)}</a></header>
<main>
<h1>${e(translate(lang, "place.slowDownTitle"))}</h1>
<p>${e(translate(lang, "place.slowDown"))}</p>
</main>
</body>
</html>`
