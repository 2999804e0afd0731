/**
 * The place page: where a person stands in line, their referrals and their
 * personal link with plain share links, in their language. The server
 * writes it (it is a person's own data, never a page of the build), in the
 * site's colors, with no script and nothing from another site: the share
 * links are plain links, LINE's on the Japanese page only.
 */
import { languageOf, localizedPath, type LanguageCode } from "../../i18n/languages"
import { translate } from "../../i18n/messages"
import { brandColors } from "../../brand/brand-colors"
import { siteFacts } from "../../config/site-facts"
import { escapeMarkup as e } from "../../markup/escape-markup"

/** A reward earned, as the page shows it: its words, and whether it is theirs (with its code), on its way, or waiting for them to choose their store. */
export type RewardLine = {
  title: string
  paragraphs: string[]
  state: "yours" | "on-its-way" | "choose-store"
  code: { value: string; store: "ios" | "android"; redeemUrl: string | null } | null
}

/** The rewards part of the page (see rewardsViewOf): the rewards earned, the next tier and how many more friends it needs, whether to ask for the person's store. */
export type RewardsView = { earned: RewardLine[]; next: { title: string; more: number } | null; askStore: boolean }

/** What the page shows; `signedLink` is the page's own address, where its form posts the person's store. */
export type PlaceView = {
  lang: LanguageCode
  place: number
  credited: number
  pending: number
  boost: number
  link: string
  rewards: RewardsView | null
  signedLink: string
}

/** A count's sentence: none, one, or many (as the language's plural rules tell one from many). */
function counted(
  lang: LanguageCode,
  count: number,
  keys: {
    none?: "place.creditedNone"
    one: "place.creditedOne" | "place.pendingOne"
    many: "place.creditedMany" | "place.pendingMany"
  },
): string | null {
  if (count === 0) return keys.none ? translate(lang, keys.none) : null
  const one = count === 1 && new Intl.PluralRules(languageOf(lang).htmlLang).select(1) === "one"
  return translate(lang, one ? keys.one : keys.many, { count })
}

/** The sentence of the next tier: how many more friends, or that its friends' sign-ups are settling. */
function nextTier(lang: LanguageCode, { title, more }: { title: string; more: number }): string {
  if (more === 0) return translate(lang, "place.nextSoon", { title })
  const one = more === 1 && new Intl.PluralRules(languageOf(lang).htmlLang).select(1) === "one"
  return translate(lang, one ? "place.nextOne" : "place.nextMany", { count: more, title })
}

/** The rewards' part of the page: each reward earned, the next tier, and the question of the person's store when a code waits for it. */
function rewardsSection(lang: LanguageCode, rewards: RewardsView, signedLink: string): string {
  const t = (key: Parameters<typeof translate>[1]) => e(translate(lang, key))
  const lines = rewards.earned.map((reward) => {
    const code = reward.code
      ? `<p>${t(reward.code.store === "ios" ? "reward.codeIos" : "reward.codeAndroid")}</p>
<p class="code">${e(reward.code.value)}</p>
${reward.code.redeemUrl ? `<p><a class="button" href="${e(reward.code.redeemUrl)}" rel="noopener noreferrer" target="_blank">${t("reward.redeem")}</a></p>\n` : ""}<p class="muted">${t("reward.redeemHint")}</p>`
      : `<p class="muted">${t(reward.state === "yours" ? "place.rewardYours" : "place.rewardOnItsWay")}</p>`
    return `<section class="reward"><h3>${e(reward.title)}</h3>
${reward.paragraphs.map((paragraph) => `<p>${e(paragraph)}</p>`).join("\n")}
${code}</section>`
  })
  const ask = rewards.askStore
    ? `<form method="post" action="${e(signedLink)}"><fieldset><legend>${t("place.platformAsk")}</legend>
<label><input type="radio" name="platform" value="ios" required> ${t("place.platformIos")}</label>
<label><input type="radio" name="platform" value="android"> ${t("place.platformAndroid")}</label>
</fieldset><button type="submit">${t("place.platformSave")}</button></form>`
    : ""
  const next = rewards.next ? `<p>${e(nextTier(lang, rewards.next))}</p>` : ""
  if (lines.length === 0 && !next) return ""
  return `<h2>${t("place.rewards")}</h2>
${[...lines, ask, next].filter(Boolean).join("\n")}`
}

/** The share links: mail, WhatsApp, X, and LINE on the Japanese page. */
function shareLinks(lang: LanguageCode, link: string): [string, string][] {
  const text = translate(lang, "place.shareText", { link })
  const links: [string, string][] = [
    [
      translate(lang, "place.shareMail"),
      `mailto:?subject=${encodeURIComponent(translate(lang, "place.mailSubject"))}&body=${encodeURIComponent(text)}`,
    ],
    ["WhatsApp", `https://wa.me/?text=${encodeURIComponent(text)}`],
    ["X", `https://x.com/intent/post?text=${encodeURIComponent(text)}`],
  ]
  if (lang === "ja") links.push(["LINE", `https://line.me/R/share?text=${encodeURIComponent(text)}`])
  return links
}

/** The page as HTML. */
export function placePage({ lang, place, credited, pending, boost, link, rewards, signedLink }: PlaceView): string {
  const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
    e(translate(lang, key, values))
  const { htmlLang } = languageOf(lang)
  const c = brandColors
  const lines = [
    counted(lang, credited, { none: "place.creditedNone", one: "place.creditedOne", many: "place.creditedMany" }),
    counted(lang, pending, { one: "place.pendingOne", many: "place.pendingMany" }),
  ]
  return `<!doctype html>
<html lang="${e(htmlLang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${t("place.title")} | ${e(siteFacts.appName)}</title><meta name="description" content="${t("place.description")}">
<style>
body{margin:0;background:${c.darkBackground};color:${c.text};font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1.125rem;line-height:1.6}
header,main{max-width:40rem;margin:0 auto;padding:1.5rem 2rem}
header a{color:${c.brand};font-weight:700;font-size:1.5rem;text-decoration:none}
h1{font-size:2.25rem;line-height:1.2;margin:1.5rem 0 1rem}
.place{font-size:1.5rem;font-weight:700;color:${c.brand}}
.muted{color:${c.muted}}
label{display:block;font-weight:700;margin-top:2rem}
input{box-sizing:border-box;width:100%;margin-top:.5rem;padding:.75rem;font:inherit;color:${c.text};background:${c.surface};border:1px solid ${c.muted};border-radius:.5rem}
ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.75rem}
ul a,a.button,button{display:inline-block;padding:.5rem 1rem;border-radius:.5rem;border:none;background:${c.brand};color:${c.onBrand};text-decoration:none;font:inherit;font-weight:700;cursor:pointer}
.reward{margin:1rem 0;padding:1rem 1.25rem;border-radius:.75rem;background:${c.surface}}
.reward h3{margin:0 0 .5rem}
.code{font-family:ui-monospace,Menlo,monospace;font-size:1.5rem;font-weight:700;letter-spacing:.05em;color:${c.brand}}
fieldset{border:1px solid ${c.muted};border-radius:.5rem;margin:1rem 0;padding:1rem}
fieldset label{display:block;font-weight:400;margin:.5rem 0}
fieldset input{width:auto;margin:0 .5rem 0 0}
</style></head>
<body>
<header><a href="${e(localizedPath(lang, "/"))}">${e(siteFacts.appName)}</a></header>
<main>
<h1>${t("place.title")}</h1>
<p class="place">${t("place.position", { place })}</p>
${lines.flatMap((line) => (line ? [`<p>${e(line)}</p>`] : [])).join("\n")}
<p class="muted">${t("place.how", { boost })}</p>
${rewards ? rewardsSection(lang, rewards, signedLink) : ""}
<label for="personal-link">${t("place.linkLabel")}</label>
<input id="personal-link" type="text" readonly value="${e(link)}" aria-describedby="link-hint">
<p id="link-hint" class="muted">${t("place.linkHint")}</p>
<h2>${t("place.share")}</h2>
<ul>
${shareLinks(lang, link)
  .map(([label, href]) => `<li><a href="${e(href)}" rel="noopener noreferrer" target="_blank">${e(label)}</a></li>`)
  .join("\n")}
</ul>
</main>
</body>
</html>`
}
