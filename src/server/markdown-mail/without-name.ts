import { NAME_SLOT } from "./mail-tokens"

/** The honorifics Japanese writes after a name, which go with it. */
const HONORIFICS = ["さん", "様", "さま", "くん", "ちゃん", "殿"]

/** What may stand between a name at the start of a line and the words after it: `Ana, …`, `Ana: …`, `Ana、…`. */
const AFTER_NAME = new Set([" ", "\t", ",", "，", "、", ":", "：", "!", "！"])

/** What may stand between the words before a name and the name: `Hola, Ana`. */
const BEFORE_NAME = new Set([" ", "\t", ",", "，", "、"])

/** A text's end without the characters of `set` it ends with. */
function trimEnd(text: string, set: Set<string>): string {
  let end = text.length
  while (end > 0 && set.has(text[end - 1] ?? "")) end -= 1
  return text.slice(0, end)
}

/** A text's start without the characters of `set` it starts with, and its first letter in capitals. */
function trimStartCapitalized(text: string, set: Set<string>): string {
  let start = 0
  while (start < text.length && set.has(text[start] ?? "")) start += 1
  const rest = text.slice(start)
  return rest.charAt(0).toUpperCase() + rest.slice(1)
}

/**
 * A list mail's text (subject, preheader, plain text or HTML) with its
 * NAME_SLOTs taken out, for a reader whose name is not shown (see
 * shownName), so the sentence reads on: a name inside a sentence goes with
 * the space and comma before it (`Hi Ana,` → `Hi,`, `Hola, Ana:` → `Hola:`),
 * one at the start of a line with the punctuation after it (`Ana, it is
 * here` → `It is here`), a Japanese name with its honorific; a paragraph
 * left empty goes too. One pass over the text.
 */
export function withoutName(text: string): string {
  const [first = "", ...rest] = text.split(NAME_SLOT)
  let written = first
  for (const part of rest) {
    const honorific = HONORIFICS.find((word) => part.startsWith(word))
    const after = honorific ? part.slice(honorific.length) : part
    const head = trimEnd(written, new Set([" ", "\t"]))
    const startsLine = head === "" || head.endsWith("\n") || head.endsWith(">")
    written = startsLine ? head + trimStartCapitalized(after, AFTER_NAME) : trimEnd(head, BEFORE_NAME) + after
  }
  const kept = written.split(/<p[^<>]{0,200}><\/p>\n?/).join("")
  let start = 0
  while (kept[start] === "\n") start += 1
  return kept.slice(start)
}
