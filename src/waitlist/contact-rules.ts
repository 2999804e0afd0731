/**
 * The contact form's rules (spec §5), shared by the form in the browser, the
 * waitlist Function and the tests, so the two sides can never disagree.
 */

/** The messages shown under a field, exactly as the spec writes them. */
export const CONTACT_MESSAGES = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
} as const

/** Non-space text, an at sign, non-space text, a dot, non-space text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/

export type ContactFields = { name: string; email: string }
export type ContactErrors = Partial<Record<keyof ContactFields, string>>

/**
 * Checks the name and e-mail of a contact form entry; the message has no rule
 * and the honeypot is never checked here. Returns one message per failing field.
 */
export function validateContact({ name, email }: ContactFields): ContactErrors {
  const errors: ContactErrors = {}
  if (name.trim() === "") errors.name = CONTACT_MESSAGES.nameRequired
  const trimmedEmail = email.trim()
  if (trimmedEmail === "") errors.email = CONTACT_MESSAGES.emailRequired
  else if (!EMAIL_PATTERN.test(trimmedEmail)) errors.email = CONTACT_MESSAGES.emailInvalid
  return errors
}

/** True when the errors hold no message, so the entry may be sent. */
export const hasNoErrors = (errors: ContactErrors): boolean => Object.keys(errors).length === 0
