/**
 * What a terminal acts on or a reader cannot see: controls (ESC moves the
 * cursor, CR rewrites a line), format characters (bidirectional marks,
 * zero-width and tag characters), separators, lone surrogates and what
 * renders as nothing. Line feeds and tabs are text.
 */
const UNSEEN = /[\0-\x08\x0B-\x1F\x7F-\x9F\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu

/** What an emoji sequence is made of: a joiner or a variation selector after one of these is part of the picture, not hidden text. */
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$/u
const JOINS_EMOJI = new Set(["\u200D", "\uFE0E", "\uFE0F"])

const escape = (char: string) => {
  const code = char.codePointAt(0) ?? 0
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`
}

/**
 * Text made safe to print: each character a terminal would act on or a
 * reader could not see is written out as its escape (`\u001b`, `\u200e`,
 * `\u{e0041}`), so what the CLI prints can hide, rewrite or reorder
 * nothing. (An emoji's own joiners and variation selectors stay, so 👩‍💻
 * prints as itself.) Input already refuses controls; this guards entries
 * stored before it did, and the invisible characters it lets through.
 */
export function inertText(text: string): string {
  return text.replace(UNSEEN, (char: string, offset: number) =>
    JOINS_EMOJI.has(char) && EMOJI_PART.test(text.slice(Math.max(0, offset - 2), offset)) ? char : escape(char),
  )
}

/**
 * A value as JSON in which every character inertText escapes is written as
 * JSON's own `\u` escape (a character beyond U+FFFF as its two halves): the
 * same JSON to any parser, and nothing a terminal would act on.
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSEEN, (char: string) =>
    Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`).join(""),
  )
}
