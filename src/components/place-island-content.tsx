import { useEffect, useState } from "react"
import { localizedPath } from "../i18n/languages"
import { carryParamsToLanguageLinks } from "../i18n/language-links"
import type { PlaceTexts } from "../i18n/place-texts"
import { PLACE_READY_MARK } from "./ready-marks"
import { PLACE_LINK_PARAMS } from "../waitlist/place-view"
import { readPlace, signedLinkCarriedOver, type PlaceAnswer } from "../waitlist/read-place"
import { PLACE_CLASSES } from "./place-classes"
import { PlaceView } from "./place-view"

export { PLACE_ISLAND_ID } from "./ready-marks"

/** The page a link that opens nothing leads to, as the mails' other links do. */
const EXPIRED_PAGE = "/waitlist/link-expired/"

/**
 * Everything inside the place page's island: the person's place, asked of
 * the API with the signed link of the page's address, and until it comes a
 * line saying it is being looked up (which is what the build renders), and
 * read again once the person told the store of their codes. The
 * language switcher's links get the signed link too, so another language
 * keeps the person on their page, and a page reached by a language link
 * followed before then takes the signed link of the page before it. A link
 * that opens nothing leads to the page that says so. Nothing here may
 * import from "gatsby" or take `sx` (see ContactFormIslandContent).
 */
export function PlaceIslandContent({ lang, texts }: PlaceTexts) {
  const [answer, setAnswer] = useState<PlaceAnswer | null>(null)

  const show = (read: PlaceAnswer) =>
    read.kind === "expired" ? window.location.replace(localizedPath(lang, EXPIRED_PAGE)) : setAnswer(read)

  useEffect(() => {
    const carried = signedLinkCarriedOver(window.location, document.referrer)
    if (carried) window.history.replaceState(window.history.state, "", carried)
    carryParamsToLanguageLinks(document, PLACE_LINK_PARAMS)
    let current = true
    void readPlace(window.location.search, lang).then((read) => {
      if (current) show(read)
    })
    return () => {
      current = false
    }
  }, [lang])

  // Say when the place shows, to whoever measures or tests the page.
  useEffect(() => {
    if (answer && typeof performance.mark === "function") performance.mark(PLACE_READY_MARK)
  }, [answer])

  return (
    <div className={PLACE_CLASSES.view} aria-busy={answer === null}>
      {answer?.kind === "shown" ? (
        <PlaceView
          lang={lang}
          texts={texts}
          place={answer.place}
          onChosen={() => void readPlace(window.location.search, lang).then(show)}
        />
      ) : (
        <p className={PLACE_CLASSES.line}>
          {texts[answer?.kind === "unavailable" ? "place.unavailable" : "place.loading"]}
        </p>
      )}
    </div>
  )
}
