/**
 * Compatibility-normalized and case-folded text: the same for every way of
 * writing what a reader sees as the same letters (the KELVIN SIGN and K,
 * full-width and plain Latin letters, "ß" and "ss"). How the waitlist
 * compares addresses and searches names.
 */
export const folded = (text: string): string => text.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC")
