import fs from "fs"
import path from "path"
import { JSDOM } from "jsdom"
import { PROJECT_ROOT } from "./project-root"
import { ISLAND_SRC_ATTRIBUTE } from "../../src/ssr/start-islands-script"
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type LanguageCode } from "../../src/i18n/languages"

/** A page of the built site: the route a visitor asks for and the file `gatsby build` wrote for it. */
export type BuiltPage = { route: string; file: string }

/** The four public routes of the spec, `/get` (the one link for every device) and the 404 page, as `gatsby build` writes them into public/. */
export const BUILT_PAGES: readonly BuiltPage[] = [
  { route: "/", file: "index.html" },
  { route: "/contact", file: "contact/index.html" },
  { route: "/privacy-policy", file: "privacy-policy/index.html" },
  { route: "/terms-and-conditions", file: "terms-and-conditions/index.html" },
  { route: "/get", file: "get/index.html" },
  { route: "/404", file: "404.html" },
]

/** A page of the built site in one of its languages. */
export type LocalizedPage = BuiltPage & { lang: LanguageCode; htmlLang: string; englishRoute: string }

/** The pages of BUILT_PAGES in every language: `/es/contact` in `es/contact/index.html`, the Spanish 404 page in `es/404/index.html`. */
export const LOCALIZED_PAGES: readonly LocalizedPage[] = LANGUAGES.flatMap(({ code, htmlLang }) =>
  BUILT_PAGES.map(({ route, file }) => ({
    lang: code,
    htmlLang,
    englishRoute: route,
    route: localizedPath(code, route),
    file: code === DEFAULT_LANGUAGE ? file : `${code}/${route === "/404" ? "404/index.html" : file}`,
  })),
)

/** The public routes of every language, which the sitemap lists: every page but the 404 pages. */
export const PUBLIC_ROUTES = LOCALIZED_PAGES.filter(({ englishRoute }) => englishRoute !== "/404").map(
  ({ route }) => route,
)

/** A file of the built site by the path the site serves it at. */
export const builtFilePath = (servedAt: string) => path.join(PROJECT_ROOT, "public", servedAt)

/** Parses HTML without running its scripts, as a crawler or a link preview reads it. */
export const parseHtml = (html: string): Document => new JSDOM(html).window.document

/** A built page's document. */
export const readBuiltPage = (page: BuiltPage): Document => parseHtml(fs.readFileSync(builtFilePath(page.file), "utf8"))

/** The texts of the inline scripts of a document that a browser would run (not JSON-LD and other data). */
export function runnableInlineScripts(document: Document): string[] {
  const runnable = new Set(["", "module", "text/javascript", "application/javascript"])
  return [...document.querySelectorAll("script:not([src])")]
    .filter((script) => runnable.has((script.getAttribute("type") ?? "").trim().toLowerCase()))
    .map((script) => script.textContent ?? "")
}

/**
 * The script files a document loads by itself: its `<script src>` tags and
 * its islands' scripts, which its elements name and its inline script starts.
 */
export const scriptSources = (document: Document): string[] =>
  [...document.querySelectorAll(`script[src], [${ISLAND_SRC_ATTRIBUTE}]`)].map(
    (element) => element.getAttribute("src") ?? element.getAttribute(ISLAND_SRC_ATTRIBUTE) ?? "",
  )

/** Folders of public/ that hold no pages: Gatsby's slices and data, and the images. */
const NOT_PAGES = new Set(["_gatsby", "page-data", "static"])

/**
 * Every HTML page of the built site, as paths relative to public/: the one
 * walk over the built pages that the tests share.
 */
export function builtHtmlFiles(dir = path.join(PROJECT_ROOT, "public"), base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return NOT_PAGES.has(entry.name) ? [] : builtHtmlFiles(full, base)
    return entry.name.endsWith(".html") ? [path.relative(base, full)] : []
  })
}
