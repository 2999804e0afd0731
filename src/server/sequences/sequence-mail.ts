/**
 * A person's mail of a step of the sequences, and how the outbox sends it:
 * a list mail (see list-mail.ts) in the language chosen when it was queued,
 * with their name, place, place link, personal link and friends who joined,
 * written from the step's files as they are when it is sent; never to an
 * address suppressed since it was queued.
 */
import { languageOf } from "../../i18n/languages"
import { visitorMailSettled, visitorMailSuppressed } from "../bounces/suppressions"
import type { Db } from "../db/db"
import { leaveLink } from "../entries/mail-links"
import type { MailMessage } from "../mails/mail-message"
import { listMail, type ListMailReader } from "../markdown-mail/list-mail"
import { renderedMail } from "../markdown-mail/render-mail"
import type { DeliveryKindHandler } from "../outbox/deliveries"
import { personalLink, placeLink } from "../referrals/place-link"
import { personalCodeOf } from "../referrals/referral-queries"
import type { MailSettings } from "../settings"
import { readSequence, STEP, type SequenceStep } from "./sequence-files"

/** What the outbox keeps of one person's mail of a step: the step's text is read from its files when it is sent. */
export type SequenceDraft = {
  kind: "sequence"
  messageId: string
  step: string
  lang: string
  name: string
  leaveToken: string
  /** Their place in line and the friends who joined through their link, when it was queued. */
  place: number | null
  friendsJoined: number
}

/** A count as the reader's language writes it: 1,234 or 1.234. */
const counted = (n: number, lang: string) => new Intl.NumberFormat(languageOf(lang).htmlLang).format(n)

/** Who a step's mail goes to and the values of its tokens: their place, its page, their personal link and their friends who joined. */
export function stepReader(
  person: { name: string; email: string; place: number | null; friendsJoined: number },
  links: { leaveUrl: string; placeUrl: string | null; personalUrl: string },
  lang: string,
): ListMailReader {
  return {
    name: person.name,
    email: person.email,
    leaveUrl: links.leaveUrl,
    placeUrl: links.placeUrl,
    values: {
      place: person.place === null ? "" : counted(person.place, lang),
      placeLink: links.placeUrl ?? links.personalUrl,
      personalLink: links.personalUrl,
      friendsJoined: counted(person.friendsJoined, lang),
    },
  }
}

/** A step's mail to one reader in a language (English when the step has none in it). */
export function stepMail(
  step: SequenceStep,
  lang: string,
  reader: ListMailReader,
  settings: MailSettings,
  messageId: string,
  test: string | null = null,
): MailMessage {
  const version = step.versions.find((found) => found.lang === lang) ?? step.versions[0]
  if (!version) throw new Error(`the step ${step.name} has no version`)
  return listMail(renderedMail(version, settings.siteUrl, STEP), reader, settings, messageId, {
    campaign: "sequence",
    test,
  })
}

/** The outbox's handling of the sequences' mails. */
export function sequenceMailKind(db: Db, settings: MailSettings, dir: string): DeliveryKindHandler {
  return {
    async load(trx, delivery) {
      const suppressed = await visitorMailSuppressed(db, trx, delivery)
      if (suppressed) return { giveUp: suppressed }
      const draft = JSON.parse(delivery.payload) as SequenceDraft
      const code = await personalCodeOf(trx, delivery.entryId)
      const placeUrl = code ? placeLink(db, code, draft.lang, settings.siteUrl) : null
      return {
        write: () => {
          const step = readSequence(dir, settings.siteUrl).steps.find((found) => found.name === draft.step)
          if (!step) throw new Error(`the step ${draft.step} is no longer in the sequences' folder, or has a problem`)
          if (!code) throw new Error("the entry has no personal code: it is not confirmed")
          const links = {
            leaveUrl: leaveLink(settings.siteUrl, draft.leaveToken, draft.lang),
            placeUrl,
            personalUrl: personalLink(settings.siteUrl, code),
          }
          const reader = stepReader({ ...draft, email: delivery.recipient }, links, draft.lang)
          return { mail: stepMail(step, draft.lang, reader, settings, draft.messageId) }
        },
      }
    },
    settled: (trx, delivery, outcome, now) => visitorMailSettled(db, trx, delivery, outcome, now),
  }
}
