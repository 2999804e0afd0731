/**
 * The marks of phrase breaks in a built page (see src/ssr/phrase-breaks.ts):
 * the theme styles the class, and an element that a script renders again in
 * the browser carries the attribute, so its text stays as the script renders it.
 */

/** The class of a paragraph whose lines break only where `<wbr>` marks a phrase's end. */
export const PHRASES_CLASS = "phrases"

/** The attribute that keeps the build's phrase breaks out of an element and its descendants. */
export const NO_PHRASE_BREAKS_ATTRIBUTE = "data-no-phrase-breaks"
