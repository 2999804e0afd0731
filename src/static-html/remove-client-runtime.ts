import { trimTrailingSlashes } from "../routing/trim-slashes"

/**
 * Every built page is complete as HTML: its links are plain links, the
 * mockup fades in with CSS, and the two facts that change after the build
 * (the year, the system's color scheme) are kept by small inline scripts. So
 * no page ships Gatsby's client runtime; the one interactive part, the
 * contact form, hydrates as an island from its own script (src/islands/).
 * Only while the color-mode toggle is shown do the pages keep the runtime,
 * since the toggle in the header needs React on every page.
 */
const RUNTIME_SCRIPTS = [
  /<script id="gatsby-script-loader">[\s\S]*?<\/script>/g,
  /<script\s+id="gatsby-chunk-mapping"\s*>[\s\S]*?<\/script>/g,
  /<script>window\.___webpackCompilationHash=[\s\S]*?<\/script>/g,
  /<script src="\/[^"]+\.js" async(="")?><\/script>/g,
  /<link (as="script" rel="preload"|rel="preload" as="script")[^>]*>/g,
  /<link (as="fetch" rel="preload"|rel="preload" as="fetch")[^>]*\/page-data\/[^>]*>/g,
]

/** An island's script tag, as islandScriptTag writes it. */
const ISLAND_SCRIPT = /<script type="module" async fetchpriority="low" src="[^"]*"><\/script>/g

/** The route a built HTML file serves: `public/contact/index.html` → `/contact`. */
export function routeOfHtmlFile(relativePath: string): string {
  const route = "/" + relativePath.replace(/\\/g, "/").replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")
  return route.length > 1 ? trimTrailingSlashes(route) : "/"
}

/** Removes Gatsby's client runtime (its scripts, chunk map and preloads) from a built page. */
export function removeClientRuntime(html: string): string {
  return RUNTIME_SCRIPTS.reduce((page, pattern) => page.replace(pattern, ""), html)
}

/**
 * The tag that loads an island: a module (so it runs after the HTML is
 * parsed, and its chunks load as modules), async, and at low priority, so
 * that on a slow network the text, styles and images come first.
 */
export function islandScriptTag(src: string): string {
  return `<script type="module" async fetchpriority="low" src="${src}"></script>`
}

/**
 * Sets the page's island script: the one given, or none. Gatsby leaves a
 * page's HTML as it was when its content did not change, so a rebuild may
 * find the tag of the last build, which this replaces.
 */
export function setIslandScript(html: string, src: string | undefined): string {
  const without = html.replace(ISLAND_SCRIPT, "")
  return src ? without.replace("</body>", `${islandScriptTag(src)}</body>`) : without
}
