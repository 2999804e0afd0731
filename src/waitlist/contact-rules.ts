/**
 * The contact form's rules (spec §5), shared by the form in the browser, the
 * waitlist Function and the tests, so the two sides can never disagree.
 * Every check is linear in the text's length, and the length limits run
 * first, so no input can hold the server (see contact-rules.fuzz.test.ts).
 */

/** The messages shown under a field: the spec's three word for word, then the limits both sides share. */
export const CONTACT_MESSAGES = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  nameTooLong: "Name must be at most 200 characters",
  emailTooLong: "Email must be at most 254 characters",
  messageTooLong: "Message must be at most 5000 characters",
  nameNotAllowed: "Name contains a character that is not allowed",
  messageNotAllowed: "Message contains a character that is not allowed",
} as const

/** Why a field is refused: a key of CONTACT_MESSAGES, which the form words in the page's language. */
export type ContactProblem = keyof typeof CONTACT_MESSAGES

/** The longest value of each field, in characters (Unicode code points, so an emoji counts once). */
export const CONTACT_LIMITS = { name: 200, email: 254, message: 5000 } as const

export type ContactFields = { name: string; email: string; message?: string }
export type ContactErrors = Partial<Record<keyof ContactFields, ContactProblem>>

/**
 * Whether a text has more than `limit` code points. It stops counting at the
 * limit, so a huge text costs no more than a long one.
 */
export function isLongerThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false
  let count = 0
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i)
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i += 1
    }
    count += 1
    if (count > limit) return true
  }
  return false
}

/** Control characters and unpaired surrogates: nothing a person types into a name. */
const CONTROL = /[\p{Cc}\p{Cs}]/u
/** The same, but a message may hold line breaks (LF, CR LF, CR) and tabs. */
const CONTROL_BUT_LINE_BREAKS = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\p{Cs}]/u
/**
 * What never belongs in an address: control, format (zero-width joiners,
 * bidirectional marks), private-use and unassigned characters, characters
 * that render as nothing (the Hangul filler, variation selectors) and line
 * separators. They let two addresses that look the same compare apart.
 */
const INVISIBLE = /[\p{C}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/u
const WHITESPACE = /\s/

/**
 * The spec's pattern, "non-space text, an at sign, non-space text, a dot,
 * non-space text" (`/^\S+@\S+\.\S+$/`), checked in one pass: the first at
 * sign that has text before it, and a dot after it with text on both sides.
 * The regular expression itself backtracks in cubic time on "@.@.@.…".
 */
export function hasEmailShape(email: string): boolean {
  if (WHITESPACE.test(email)) return false
  const at = email.indexOf("@", 1)
  if (at < 0) return false
  return email.lastIndexOf(".", email.length - 2) > at + 1
}

/** Letters, marks and digits of any script: what an address may hold beyond ASCII (RFC 6532), never punctuation that reads as syntax. */
const WORD_BEYOND_ASCII = /^[\p{L}\p{M}\p{Nd}]$/u
/** The ASCII characters an atom of the mailbox may hold besides letters and digits (RFC 5322's atext). */
const ATOM_SYMBOLS = new Set("!#$%&'*+-/=?^_`{|}~")

const isAsciiLetterOrDigit = (char: string) =>
  (char >= "a" && char <= "z") || (char >= "A" && char <= "Z") || (char >= "0" && char <= "9")
const isWordChar = (char: string) => isAsciiLetterOrDigit(char) || (char > "\x7f" && WORD_BEYOND_ASCII.test(char))

/** A dot-atom: atoms of atext joined by single dots, none at either end (no quoted string, comment or space). */
function isDotAtom(text: string): boolean {
  let atAtomStart = true
  for (const char of text) {
    if (char === ".") {
      if (atAtomStart) return false
      atAtomStart = true
    } else if (isWordChar(char) || ATOM_SYMBOLS.has(char)) atAtomStart = false
    else return false
  }
  return !atAtomStart
}

/** A domain of two labels or more, each of letters, digits and inner hyphens (no literal, no route). */
function isDomainOfLabels(text: string): boolean {
  const labels = text.split(".")
  return (
    labels.length >= 2 &&
    labels.every(
      (label) =>
        label !== "" &&
        !label.startsWith("-") &&
        !label.endsWith("-") &&
        Array.from(label).every((char) => char === "-" || isWordChar(char)),
    )
  )
}

/**
 * Whether a text is exactly one address, an addr-spec: one at sign between
 * a dot-atom mailbox and a domain of labels. A list, a group, a display
 * name, a comment, a route or a quoted string is not one, so a mail sent to
 * it can only ever reach that one mailbox. One pass over the text.
 */
export function isSingleAddress(email: string): boolean {
  const at = email.indexOf("@")
  if (at <= 0 || email.includes("@", at + 1)) return false
  return isDotAtom(email.slice(0, at)) && isDomainOfLabels(email.slice(at + 1))
}

/** What is wrong with a name, judged trimmed, its length before its characters; undefined when nothing is. */
export function nameProblem(name: string): ContactProblem | undefined {
  const trimmed = name.trim()
  if (trimmed === "") return "nameRequired"
  if (isLongerThan(trimmed, CONTACT_LIMITS.name)) return "nameTooLong"
  if (CONTROL.test(trimmed)) return "nameNotAllowed"
  return undefined
}

/** What is wrong with an e-mail address, judged trimmed, its length before its characters; undefined when nothing is. */
export function emailProblem(email: string): ContactProblem | undefined {
  const trimmed = email.trim()
  if (trimmed === "") return "emailRequired"
  if (isLongerThan(trimmed, CONTACT_LIMITS.email)) return "emailTooLong"
  if (INVISIBLE.test(trimmed) || !hasEmailShape(trimmed) || !isSingleAddress(trimmed)) return "emailInvalid"
  return undefined
}

/** What is wrong with a message, its length before its characters; undefined when nothing is. */
export function messageProblem(message: string): ContactProblem | undefined {
  if (isLongerThan(message, CONTACT_LIMITS.message)) return "messageTooLong"
  if (CONTROL_BUT_LINE_BREAKS.test(message)) return "messageNotAllowed"
  return undefined
}

/**
 * Checks the name, e-mail and message of a contact form entry; the honeypot
 * is never checked here. The name and e-mail are judged trimmed. Returns
 * the problem of each failing field.
 */
export function validateContact({ name, email, message = "" }: ContactFields): ContactErrors {
  const problems: ContactErrors = {
    name: nameProblem(name),
    email: emailProblem(email),
    message: messageProblem(message),
  }
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined)) as ContactErrors
}

/** True when the errors hold no problem, so the entry may be sent. */
export const hasNoErrors = (errors: ContactErrors): boolean => Object.keys(errors).length === 0
