import { useState, type FormEvent } from "react"
import { languageOf, type LanguageCode } from "../i18n/languages"
import { fillPlaceholders } from "../i18n/messages"
import type { PlaceTexts } from "../i18n/place-texts"
import type { RewardLine, RewardsView } from "../waitlist/place-view"
import { chooseStore } from "../waitlist/read-place"
import { PLACE_CLASSES } from "./place-classes"

type Texts = PlaceTexts["texts"]

/** The sentence of the next tier: how many more friends, or that its friends' sign-ups are settling. */
function nextTier(lang: LanguageCode, texts: Texts, { title, more }: { title: string; more: number }): string {
  if (more === 0) return fillPlaceholders(texts["place.nextSoon"], { title })
  const one = more === 1 && new Intl.PluralRules(languageOf(lang).htmlLang).select(1) === "one"
  return fillPlaceholders(texts[one ? "place.nextOne" : "place.nextMany"], { count: more, title })
}

/** One reward earned: its words, then its code (with the store's page to redeem it), or that it is theirs or on its way. */
function Reward({ texts, reward }: { texts: Texts; reward: RewardLine }) {
  const { code } = reward
  return (
    <section className={PLACE_CLASSES.reward}>
      <h3 className={PLACE_CLASSES.rewardTitle}>{reward.title}</h3>
      {reward.paragraphs.map((paragraph) => (
        <p key={paragraph} className={PLACE_CLASSES.line}>
          {paragraph}
        </p>
      ))}
      {code ? (
        <>
          <p className={PLACE_CLASSES.line}>{texts[code.store === "ios" ? "reward.codeIos" : "reward.codeAndroid"]}</p>
          <p className={PLACE_CLASSES.code}>{code.value}</p>
          {code.redeemUrl && (
            <p>
              <a className={PLACE_CLASSES.shareLink} href={code.redeemUrl} rel="noopener noreferrer" target="_blank">
                {texts["reward.redeem"]}
              </a>
            </p>
          )}
          <p className={PLACE_CLASSES.hint}>{texts["reward.redeemHint"]}</p>
        </>
      ) : (
        <p className={PLACE_CLASSES.hint}>
          {texts[reward.state === "yours" ? "place.rewardYours" : "place.rewardOnItsWay"]}
        </p>
      )}
    </section>
  )
}

/** The question of the person's store, asked when a code waits for it: posted to the API, then the page's data is read again. */
function StoreQuestion({ texts, onChosen }: { texts: Texts; onChosen: () => void }) {
  const [state, setState] = useState<"asking" | "saving" | "failed">("asking")
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setState("saving")
    const platform = String(new FormData(event.currentTarget).get("platform") ?? "")
    void chooseStore(window.location.search, platform).then((saved) => (saved ? onChosen() : setState("failed")))
  }
  return (
    <form className={PLACE_CLASSES.storeForm} onSubmit={choose}>
      <fieldset className={PLACE_CLASSES.storeChoices}>
        <legend className={PLACE_CLASSES.label}>{texts["place.platformAsk"]}</legend>
        <label className={PLACE_CLASSES.storeChoice}>
          <input type="radio" name="platform" value="ios" required /> {texts["place.platformIos"]}
        </label>
        <label className={PLACE_CLASSES.storeChoice}>
          <input type="radio" name="platform" value="android" /> {texts["place.platformAndroid"]}
        </label>
      </fieldset>
      <button type="submit" className={PLACE_CLASSES.shareLink} disabled={state === "saving"}>
        {texts["place.platformSave"]}
      </button>
      {state === "failed" && (
        <p role="alert" className={PLACE_CLASSES.hint}>
          {texts["place.platformFailed"]}
        </p>
      )}
    </form>
  )
}

/**
 * What a person's place page shows of rewards, honestly and without a
 * word of any reason: the tiers they earned, the question of their store
 * when a code waits for it, and the next tier with how many more friends
 * it needs. Nothing when they earned none and no tier is next.
 */
export function PlaceRewards({
  lang,
  texts,
  rewards,
  onChosen,
}: PlaceTexts & { rewards: RewardsView; onChosen: () => void }) {
  if (rewards.earned.length === 0 && !rewards.next) return null
  return (
    <>
      <h2 className={PLACE_CLASSES.share}>{texts["place.rewards"]}</h2>
      {rewards.earned.map((reward) => (
        <Reward key={reward.title} texts={texts} reward={reward} />
      ))}
      {rewards.askStore && <StoreQuestion texts={texts} onChosen={onChosen} />}
      {rewards.next && <p className={PLACE_CLASSES.line}>{nextTier(lang, texts, rewards.next)}</p>}
    </>
  )
}
