/**
 * The mail of a reward, in its person's language: the tier's words from
 * the rewards' file and, for a tier with codes, the store's code with the
 * store's own redemption link; and how the outbox sends it (never to an
 * address suppressed since, a refusal counted as a bounce).
 */
import { siteFacts } from "../../config/site-facts"
import { type LanguageCode } from "../../i18n/languages"
import { fillPlaceholders, translate } from "../../i18n/messages"
import { escapeMarkup } from "../../markup/escape-markup"
import { visitorMailSettled, visitorMailSuppressed } from "../bounces/suppressions"
import type { Db } from "../db/db"
import { linkTokenKey, newLinkToken } from "../entries/link-tokens"
import { leaveLink } from "../entries/mail-links"
import { brandedMailPage, withSupportLink } from "../mails/branded-mail-page"
import { mailStyle } from "../mails/mail-palette"
import { shownName } from "../mails/shown-name"
import { visitorMailHeaders } from "../mails/visitor-mail-headers"
import { oneLine, type MailMessage } from "../mails/mail-message"
import { newMessageId } from "../mails/message-id"
import type { DeliveryKindHandler, NewDelivery } from "../outbox/deliveries"
import { placeLink } from "../referrals/place-link"
import { personalCodeOf } from "../referrals/referral-queries"
import type { MailSettings } from "../settings"
import type { Store } from "./reward-queries"
import type { TierWords } from "./reward-tiers"

/** A store's code, as its person gets it: the code, its store, and the store's page that redeems it (null when the site does not know the app's id). */
export type GivenCode = { value: string; store: Store }

/** The store's own page that redeems a code: the App Store's offer-code redemption, Google Play's redeem page. */
export function redeemUrl({ value, store }: GivenCode): string | null {
  const code = encodeURIComponent(value)
  if (store === "android") return `https://play.google.com/redeem?code=${code}`
  return /^\d+$/.test(siteFacts.appStoreId)
    ? `https://apps.apple.com/redeem?ctx=offercodes&id=${siteFacts.appStoreId}&code=${code}`
    : null
}

/** What the outbox keeps of a reward's mail: the words and code as they were when it was earned (emptied once sent). */
export type RewardDraft = {
  kind: "reward"
  messageId: string
  name: string
  lang: LanguageCode
  words: TierWords
  code: GivenCode | null
  leaveToken: string
}

/** A reward's mail on its way into the outbox, with the key of its leave link. */
export function rewardDelivery(
  siteUrl: string,
  reader: { name: string; email: string },
  lang: LanguageCode,
  words: TierWords,
  code: GivenCode | null,
): { delivery: NewDelivery; leaveTokenKey: string } {
  const leaveToken = newLinkToken()
  const draft: RewardDraft = {
    kind: "reward",
    messageId: newMessageId(siteUrl),
    name: reader.name,
    lang,
    words,
    code,
    leaveToken,
  }
  return {
    delivery: { kind: "reward", recipient: reader.email, payload: JSON.stringify(draft) },
    leaveTokenKey: linkTokenKey(leaveToken),
  }
}

/** The label of a code's store. */
const codeLabel = (lang: LanguageCode, store: Store) =>
  translate(lang, store === "ios" ? "reward.codeIos" : "reward.codeAndroid")

/** The greeting: with the name the person gave, or without it when it is not shown (see shownName). */
const greeting = (lang: LanguageCode, name: string | null) =>
  name === null
    ? translate(lang, "mail.greetingWithoutName")
    : fillPlaceholders(translate(lang, "mail.greeting"), { name })

function html(draft: RewardDraft, name: string | null, leaveUrl: string, placeUrl: string | null): string {
  const e = escapeMarkup
  const t = (key: Parameters<typeof translate>[1]) => e(translate(draft.lang, key))
  const redeem = draft.code ? redeemUrl(draft.code) : null
  const code = draft.code
    ? `<p style="margin:0 0 8px;font-size:14px">${e(codeLabel(draft.lang, draft.code.store))}</p>
<p style="margin:0 0 16px;font-size:22px;font-weight:700;letter-spacing:1px;font-family:ui-monospace,Menlo,monospace">${e(draft.code.value)}</p>
${redeem ? `<p style="margin:0 0 16px"><a href="${e(redeem)}" ${mailStyle.button}>${t("reward.redeem")}</a></p>\n` : ""}<p style="margin:0 0 24px;font-size:14px">${t("reward.redeemHint")}</p>\n`
    : ""
  return brandedMailPage({
    lang: draft.lang,
    title: translate(draft.lang, "reward.subject", { title: draft.words.title }),
    content: `<h1 style="margin:0 0 16px;font-size:22px">${e(greeting(draft.lang, name))}</h1>
<p style="margin:0 0 16px">${t("reward.intro")}</p>
<p style="margin:0 0 16px;font-size:19px;font-weight:700">${e(draft.words.title)}</p>
${draft.words.paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${e(paragraph)}</p>`).join("\n")}
${code}<hr ${mailStyle.rule}>
${placeUrl ? `<p style="margin:0 0 8px;font-size:14px"><a href="${e(placeUrl)}" ${mailStyle.link}>${t("mail.place")}</a></p>\n` : ""}<p ${mailStyle.muted("margin:0 0 8px;font-size:14px")}>${t("reward.reason")}</p>
<p ${mailStyle.muted("margin:0 0 8px;font-size:14px")}>${withSupportLink(t("mail.questions"))}</p>
<p style="margin:0;font-size:14px"><a href="${e(leaveUrl)}" ${mailStyle.link}>${t("mail.leave")}</a></p>`,
  })
}

/**
 * A reward's mail: plain text and HTML alike, the tier's words, the code
 * and how to redeem it, the link of the place page, the support address,
 * and the headers every mail to a visitor carries (see visitorMailHeaders).
 * The name the person gave is left out when it could carry a link or an
 * offer (see shownName).
 */
export function rewardMail(
  draft: RewardDraft,
  email: string,
  { leaveUrl, placeUrl }: { leaveUrl: string; placeUrl: string | null },
  settings: MailSettings,
): MailMessage {
  const { lang, words } = draft
  const name = shownName(draft.name)
  const redeem = draft.code ? redeemUrl(draft.code) : null
  const text = [
    greeting(lang, name),
    "",
    translate(lang, "reward.intro"),
    "",
    words.title,
    "",
    ...words.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(draft.code
      ? [
          `${codeLabel(lang, draft.code.store)}: ${draft.code.value}`,
          ...(redeem ? [`${translate(lang, "reward.redeem")}: ${redeem}`] : []),
          translate(lang, "reward.redeemHint"),
          "",
        ]
      : []),
    "—",
    ...(placeUrl ? [`${translate(lang, "mail.place")}: ${placeUrl}`] : []),
    translate(lang, "reward.reason"),
    translate(lang, "mail.questions", { supportEmail: siteFacts.supportEmail }),
    `${translate(lang, "mail.leave")}: ${leaveUrl}`,
  ].join("\n")
  return {
    messageId: draft.messageId,
    from: settings.from,
    to: { name: "", address: email },
    subject: oneLine(translate(lang, "reward.subject", { title: words.title }), 200),
    text,
    html: html(draft, name, leaveUrl, placeUrl),
    headers: {
      ...visitorMailHeaders({ siteUrl: settings.siteUrl, lang, leaveUrl }),
      "Auto-Submitted": "auto-generated",
    },
  }
}

/** The outbox's handling of rewards' mails: never to an address suppressed since, written from its draft, the place page's link read when it is sent. */
export function rewardMailKind(db: Db, settings: MailSettings): DeliveryKindHandler {
  return {
    async load(trx, delivery) {
      const suppressed = await visitorMailSuppressed(db, trx, delivery)
      if (suppressed) return { giveUp: suppressed }
      const personal = await personalCodeOf(trx, delivery.entryId)
      return {
        write: () => {
          const draft = JSON.parse(delivery.payload) as RewardDraft
          return {
            mail: rewardMail(
              draft,
              delivery.recipient,
              {
                leaveUrl: leaveLink(settings.siteUrl, draft.leaveToken, draft.lang),
                placeUrl: personal ? placeLink(db, personal, draft.lang, settings.siteUrl) : null,
              },
              settings,
            ),
          }
        },
      }
    },
    settled: (trx, delivery, outcome, now) => visitorMailSettled(db, trx, delivery, outcome, now),
  }
}
