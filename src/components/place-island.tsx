import { graphql, useStaticQuery } from "gatsby"
import { useLanguage } from "../i18n/language-context"
import { placeTexts, PLACE_TEXTS_ID } from "../i18n/place-texts"
import { jsonLdText } from "../seo/structured-data"
import { NO_PHRASE_BREAKS_ATTRIBUTE } from "../ssr/phrase-marks"
import { islandSource } from "./island-source"
import { PLACE_ISLAND_ID, PlaceIslandContent } from "./place-island-content"
import { PlaceStyles } from "./place-styles"

/**
 * The person's part of the place page. The build renders it as it is
 * before the person's data arrives; its island script (bundled and sourced
 * as an `Island` node, as the contact form's) asks the API for that data
 * with the page's signed link and renders it. So the page is built like
 * every page, and a person's data is never part of the build. Under
 * `gatsby develop` it renders with the page. Its texts travel as a JSON
 * data block, its styles as a stylesheet made from the theme.
 */
export function PlaceIsland() {
  const { lang } = useLanguage()
  const data = useStaticQuery<Queries.PlaceIslandQuery>(graphql`
    query PlaceIsland {
      island(name: { eq: "place" }) {
        src
      }
    }
  `)
  const src = data?.island?.src
  const texts = placeTexts(lang)
  return (
    <>
      <PlaceStyles />
      {/* The island renders this element again in the browser: its text stays as it renders it. */}
      <div id={PLACE_ISLAND_ID} {...islandSource(src)} {...{ [NO_PHRASE_BREAKS_ATTRIBUTE]: "" }}>
        <PlaceIslandContent {...texts} />
      </div>
      <script type="application/json" id={PLACE_TEXTS_ID} dangerouslySetInnerHTML={{ __html: jsonLdText(texts) }} />
    </>
  )
}
