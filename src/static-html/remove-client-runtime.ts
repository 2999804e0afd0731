/**
 * Pages that need React in the browser. Every other page is complete as
 * built: its links are plain links, the mockup fades in with CSS, and the
 * two facts that change after the build (the year, the system's color
 * scheme) are kept by small inline scripts. Those pages ship without
 * Gatsby's client runtime, so a visitor's phone runs next to no JavaScript.
 */
export const INTERACTIVE_ROUTES = ["/contact"]

const RUNTIME_SCRIPTS = [
  /<script id="gatsby-script-loader">[\s\S]*?<\/script>/g,
  /<script\s+id="gatsby-chunk-mapping"\s*>[\s\S]*?<\/script>/g,
  /<script>window\.___webpackCompilationHash=[\s\S]*?<\/script>/g,
  /<script src="\/[^"]+\.js" async(="")?><\/script>/g,
  /<link (as="script" rel="preload"|rel="preload" as="script")[^>]*>/g,
  /<link (as="fetch" rel="preload"|rel="preload" as="fetch")[^>]*\/page-data\/[^>]*>/g,
]

/** The route a built HTML file serves: `public/contact/index.html` → `/contact`. */
export function routeOfHtmlFile(relativePath: string): string {
  const route = "/" + relativePath.replace(/\\/g, "/").replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")
  return route.length > 1 ? route.replace(/\/+$/, "") : "/"
}

/** Does this route keep Gatsby's client runtime? All do while the color-mode toggle is shown, since it needs React. */
export function needsClientRuntime(route: string, colorModeToggleShown: boolean): boolean {
  return colorModeToggleShown || INTERACTIVE_ROUTES.includes(route)
}

/** Removes Gatsby's client runtime (its scripts, chunk map and preloads) from a built page. */
export function removeClientRuntime(html: string): string {
  return RUNTIME_SCRIPTS.reduce((page, pattern) => page.replace(pattern, ""), html)
}
