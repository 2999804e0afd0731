import { languageOf, type LanguageCode } from "../i18n/languages"
import { fillPlaceholders } from "../i18n/messages"
import type { PlaceTexts } from "../i18n/place-texts"
import type { PlaceView as Place } from "../waitlist/place-view"
import { PLACE_CLASSES } from "./place-classes"
import { PlaceRewards } from "./place-rewards"
import { shareLinks } from "./place-share-links"

type Texts = PlaceTexts["texts"]

/** A count's sentence: none, one, or many (as the language's plural rules tell one from many); null for none without a sentence. */
function counted(
  lang: LanguageCode,
  texts: Texts,
  count: number,
  keys: { none?: "place.creditedNone"; one: keyof Texts; many: keyof Texts },
): string | null {
  if (count === 0) return keys.none ? texts[keys.none] : null
  const one = count === 1 && new Intl.PluralRules(languageOf(lang).htmlLang).select(1) === "one"
  return fillPlaceholders(texts[one ? keys.one : keys.many], { count })
}

/**
 * Where a person stands: their place, the friends who joined through their
 * link and those still pending, how a friend moves them ahead, their
 * rewards (see PlaceRewards; `onChosen` once they told their store), their
 * personal link to copy, and plain links to share it. Rendered by the place
 * page's island from the API's answer, in the page's language; no `sx` (the
 * page has the styles of PLACE_CLASSES).
 */
export function PlaceView({ lang, texts, place, onChosen }: PlaceTexts & { place: Place; onChosen: () => void }) {
  const lines = [
    counted(lang, texts, place.credited, {
      none: "place.creditedNone",
      one: "place.creditedOne",
      many: "place.creditedMany",
    }),
    counted(lang, texts, place.pending, { one: "place.pendingOne", many: "place.pendingMany" }),
  ]
  return (
    <>
      <p className={PLACE_CLASSES.position}>{fillPlaceholders(texts["place.position"], { place: place.place })}</p>
      {lines.map((line) =>
        line ? (
          <p key={line} className={PLACE_CLASSES.line}>
            {line}
          </p>
        ) : null,
      )}
      <p className={PLACE_CLASSES.how}>{fillPlaceholders(texts["place.how"], { boost: place.boost })}</p>
      {place.rewards && <PlaceRewards lang={lang} texts={texts} rewards={place.rewards} onChosen={onChosen} />}
      <label htmlFor="personal-link" className={PLACE_CLASSES.label}>
        {texts["place.linkLabel"]}
      </label>
      <input
        id="personal-link"
        className={PLACE_CLASSES.link}
        type="text"
        readOnly
        value={place.link}
        aria-describedby="personal-link-hint"
      />
      <p id="personal-link-hint" className={PLACE_CLASSES.hint}>
        {texts["place.linkHint"]}
      </p>
      <h2 id="place-share" className={PLACE_CLASSES.share}>
        {texts["place.share"]}
      </h2>
      <ul className={PLACE_CLASSES.shareLinks} aria-labelledby="place-share">
        {shareLinks(lang, texts, place.link).map(({ label, href }) => (
          <li key={label}>
            <a className={PLACE_CLASSES.shareLink} href={href} rel="noopener noreferrer" target="_blank">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </>
  )
}
