/**
 * A text with the user and password of every URL in it taken out
 * (`https://ops:secret@hooks.example` becomes `https://hooks.example`):
 * what may be logged, stored or shown of a URL whose peer's error quotes it.
 * Linear in the text: each `//` starts at most one scan, which stops at the
 * first `/`, space or `@`.
 */
export const withoutUserInfo = (text: string): string => text.replace(/\/\/[^\s/@]*@/g, "//")
