/**
 * Whether a character next to a link runs into it as one word for a spam
 * filter reading the HTML: it is neither white space nor ASCII punctuation.
 * SpamAssassin's HTML_OBFUSCATE rules count each tag between two such
 * characters as an attempt to hide a word from filters, which Japanese,
 * written without spaces, does at every link.
 */
const runsIntoLink = (char: string | undefined): boolean => char !== undefined && !/[\s!-/:-@[-`{-~]/.test(char)

/** The text before a link, with a space at its end when its last character would run into the link. */
export const setApartBefore = (text: string): string => (runsIntoLink(text.at(-1)) ? `${text} ` : text)

/** The text after a link, with a space at its start when its first character would run into the link. */
export const setApartAfter = (text: string): string => (runsIntoLink(text[0]) ? ` ${text}` : text)
