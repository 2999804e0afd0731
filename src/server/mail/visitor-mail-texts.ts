/** What a mail to a visitor says, in one language. */
export type VisitorMailTexts = {
  subject: string
  greeting: string
  intro: string
  button: string
  expiry: string
  leave: string
  questions: string
}

const ENGLISH: VisitorMailTexts = {
  subject: "Confirm your place on the Storyling waitlist",
  greeting: "Hi {name},",
  intro: "Thanks for your interest in Storyling. Please confirm that this address is yours and that you want to hear from us:",
  button: "Confirm my address",
  expiry: "The link works for 7 days. If you didn't sign up, ignore this mail and we won't write to you again.",
  leave: "Leave the waitlist",
  questions: "Questions? Write to us at {supportEmail}.",
}

/** The texts of the mails to visitors in a language of the site. */
export function visitorMailTexts(_lang: string): VisitorMailTexts {
  return ENGLISH
}
