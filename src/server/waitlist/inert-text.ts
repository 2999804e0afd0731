/**
 * Characters a terminal acts on instead of showing: C0 and C1 controls (ESC
 * starts the sequences that move the cursor, clear the screen or rewrite a
 * line; CR returns to the line's start) and the bidirectional overrides that
 * reorder what is shown. Line feeds and tabs are text.
 */
const ACTIVE = /[\0-\x08\x0B-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]/g

/**
 * Text made safe to print: each character a terminal would act on is
 * written out as its escape (`\u001b`), so what the CLI prints can hide,
 * rewrite or reorder nothing. Input already refuses them; this guards
 * entries stored before it did.
 */
export function inertText(text: string): string {
  return text.replace(ACTIVE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)
}
