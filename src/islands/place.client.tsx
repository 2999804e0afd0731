/**
 * The browser entry of the place page's island, bundled by
 * src/build/bundle-islands.ts into public/ and loaded by the place page
 * alone. It takes over the part of the page the build rendered before the
 * person's data arrives, asks the API for that data and shows it; the
 * header, the heading and the footer stay static HTML, and neither Gatsby's
 * runtime nor Theme UI is loaded (the page's stylesheet has PLACE_CLASSES).
 */
import { hydrateRoot } from "react-dom/client"
import { PLACE_ISLAND_ID, PlaceIslandContent } from "../components/place-island-content"
import { PLACE_TEXTS_ID, type PlaceTexts } from "../i18n/place-texts"

const container = document.getElementById(PLACE_ISLAND_ID)
const texts = document.getElementById(PLACE_TEXTS_ID)?.textContent
if (container && texts) hydrateRoot(container, <PlaceIslandContent {...(JSON.parse(texts) as PlaceTexts)} />)
