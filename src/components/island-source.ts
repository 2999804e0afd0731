import { ISLAND_SRC_ATTRIBUTE } from "../ssr/start-islands-script"

/**
 * The attribute an island's element carries to name its script: the page's
 * inline script (src/ssr/start-islands-script.ts) loads it after the first
 * paint, so no island's request comes before the page's text and styles.
 * None under `gatsby develop`, where there is no island and the page hydrates.
 */
export const islandSource = (src: string | null | undefined) => (src ? { [ISLAND_SRC_ATTRIBUTE]: src } : {})
