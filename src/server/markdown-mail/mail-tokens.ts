/**
 * The tokens of a list mail's Markdown that are filled for each reader
 * (the rest are the site's facts, filled once per language): where each
 * goes in the rendered text, as a private-use character no file may hold,
 * and whether it may be a link's target. An announcement takes the name;
 * a step of the sequences takes them all.
 */

export const PERSON_TOKENS = {
  /** The reader's name, as they gave it. */
  name: { slot: "\uE000", link: false },
  /** Their place in line. */
  place: { slot: "\uE001", link: false },
  /** The signed link of their place page. */
  placeLink: { slot: "\uE002", link: true },
  /** The personal link they share (`/r/<code>`). */
  personalLink: { slot: "\uE003", link: true },
  /** How many friends joined through their link (credited referrals). */
  friendsJoined: { slot: "\uE004", link: false },
} as const

export type PersonToken = keyof typeof PERSON_TOKENS

/** The values of one reader's tokens, each as text. */
export type PersonValues = Record<PersonToken, string>

/** Where the reader's name goes in a rendered text. */
export const NAME_SLOT = PERSON_TOKENS.name.slot

/** Whether a text holds a character of the slots' range, which no file may hold. */
export const holdsSlot = (text: string): boolean => /[\uE000-\uE0FF]/.test(text)

/** Whether a token name is a person's token. */
export const isPersonToken = (name: string): name is PersonToken =>
  Object.prototype.hasOwnProperty.call(PERSON_TOKENS, name)

/**
 * A rendered text with every slot but the name's filled with the reader's
 * values, each as `shown` makes it (escaped, for HTML); the name has a rule
 * of its own (see the mail that fills it).
 */
export function fillPersonSlots(
  text: string,
  values: Partial<Omit<PersonValues, "name">>,
  shown: (value: string) => string = (value) => value,
): string {
  let filled = text
  for (const [token, value] of Object.entries(values))
    filled = filled.split(PERSON_TOKENS[token as PersonToken].slot).join(shown(value))
  return filled
}
