import type { LanguageCode } from "./languages"
import { messagesStartingWith } from "./messages"

/** What the place page's island needs of its language: the code, and the page's texts (a reward's code's too). */
export type PlaceTexts = { lang: LanguageCode; texts: ReturnType<typeof texts> }

const texts = (lang: LanguageCode) => ({
  ...messagesStartingWith(lang, "place."),
  ...messagesStartingWith(lang, "reward.code"),
  ...messagesStartingWith(lang, "reward.redeem"),
})

/**
 * The place page's texts in one language. The page hands them to its
 * island as a JSON data block (see PlaceIsland), so the island's script
 * carries no language's texts and serves every language.
 */
export const placeTexts = (lang: LanguageCode): PlaceTexts => ({ lang, texts: texts(lang) })

/** The id of the data block that holds the texts on the page. */
export const PLACE_TEXTS_ID = "place-texts"
