import { languageOf } from "../../i18n/languages"
import { messagesStartingWith } from "../../i18n/messages"

/** What a mail to a visitor says, in one language. */
export type VisitorMailTexts = {
  subject: string
  greeting: string
  /** The greeting of a mail whose name is not shown (see shownName). */
  greetingWithoutName: string
  intro: string
  button: string
  expiry: string
  leave: string
  questions: string
  /** Why an announcement reached its reader. */
  announcementReason: string
  /** The link of an announcement to the reader's place page. */
  place: string
  /** The one reminder of an unconfirmed address: its subject, the line before its button and the line after. */
  reminderSubject: string
  reminderIntro: string
  reminderExpiry: string
}

/** The texts of the mails to visitors in a language of the site (English for a code it does not know), from its dictionary. */
export function visitorMailTexts(lang: string): VisitorMailTexts {
  const texts = messagesStartingWith(languageOf(lang).code, "mail.")
  return {
    subject: texts["mail.subject"],
    greeting: texts["mail.greeting"],
    greetingWithoutName: texts["mail.greetingWithoutName"],
    intro: texts["mail.intro"],
    button: texts["mail.button"],
    expiry: texts["mail.expiry"],
    leave: texts["mail.leave"],
    questions: texts["mail.questions"],
    announcementReason: texts["mail.announcementReason"],
    place: texts["mail.place"],
    reminderSubject: texts["mail.reminderSubject"],
    reminderIntro: texts["mail.reminderIntro"],
    reminderExpiry: texts["mail.reminderExpiry"],
  }
}
