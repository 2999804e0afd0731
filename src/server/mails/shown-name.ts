/**
 * Whether the name a visitor typed may stand in a mail to the address they
 * gave, which need not be theirs: only where it cannot carry a link or an
 * offer. A name with an `@`, a URL or a domain, a currency amount or more
 * than two digits is left out (the mail greets without it), however it is
 * disguised: the check reads the name's skeleton (Unicode's confusables,
 * UTS #39, after NFKC), without spaces, invisible characters or combining
 * marks, so `ｗｗｗ․ｐrizе。com` is `www.prize.com`. Every step is one pass over
 * at most MAX_LOOKED_AT characters.
 */
import tlds from "tlds"
import confusables from "unhomoglyph/data.json"
import { oneLine } from "./mail-message"

/** Longer than any name the form takes (200): a name past this is not shown, unread. */
const MAX_LOOKED_AT = 400

/** The most characters of a name a mail shows. */
export const MAX_SHOWN_NAME = 80

/** The most digits a shown name may hold: a house number or an age, never a price, a phone number or an address. */
const MAX_DIGITS = 2

const prototypes = confusables as Record<string, string>

/** A text as the skeleton it looks like: lower case, each character its confusable prototype's. */
const skeleton = (text: string): string =>
  Array.from(text.toLowerCase(), (char) => prototypes[char] ?? char)
    .join("")
    .toLowerCase()

/** The top-level domains as they look, so `.cоm` with a Cyrillic о is `.com`. */
const TOP_LEVEL = new Set(tlds.map(skeleton))

/** What stands for a dot between labels: the dot, its lookalikes' prototypes (`․`, `。` as ˳), and the spelled-out forms. */
const DOT_FORMS = ["(dot)", "[dot]", "{dot}", "(.)", "[.]", "{.}"]
const DOTS = new Set([".", "˳", "。"])

/** The spelled-out forms of an `@`. */
const AT_FORMS = ["(at)", "[at]", "{at}"]

/** Names of currencies and their codes, which a number beside makes an amount. */
const CURRENCY_WORDS = [
  ...["usd", "eur", "gbp", "jpy", "cny", "rmb", "brl", "mxn", "inr", "chf", "cad", "aud", "btc", "eth", "usdt"],
  ...["dollar", "dólar", "euro", "pound", "libra", "yen", "yuan", "peso", "real", "reais", "bitcoin", "franc"],
  ...["ドル", "円", "元", "ユーロ", "ポンド"],
]

/** A run of digits, or of the Han numerals Japanese and Chinese write amounts with. */
const NUMBER = /[\p{Nd}〇一二三四五六七八九十百千万億兆]+/gu

/** Whether a label ends at `dot` before it and a top-level domain follows it: `prize.com`, `xn--…` included. */
function hasDomain(text: string): boolean {
  let label = ""
  let before = ""
  for (const char of `${text} `) {
    if (/[\p{L}\p{N}-]/u.test(char)) {
      label += char
      continue
    }
    if (before !== "" && label !== "" && (TOP_LEVEL.has(label) || label.startsWith("xn--"))) return true
    before = DOTS.has(char) ? label : ""
    label = ""
  }
  return false
}

/** Whether a number stands next to a currency's name or code: `100euros`, `eur50`, `百万円`. */
function hasAmount(text: string): boolean {
  for (const match of text.matchAll(NUMBER)) {
    const start = match.index ?? 0
    const before = text.slice(Math.max(0, start - 8), start)
    const after = text.slice(start + match[0].length, start + match[0].length + 8)
    if (CURRENCY_WORDS.some((word) => before.endsWith(word) || after.startsWith(word))) return true
  }
  return false
}

/** Whether a name can carry a link or an offer (see the module's header). */
export function carriesLinkOrOffer(name: string): boolean {
  if (name.length > MAX_LOOKED_AT) return true
  const flat = name
    .normalize("NFKC")
    .replace(/[\p{Z}\p{Cc}\p{Cf}\p{M}\s]+/gu, "")
    .toLowerCase()
  if (/\p{Sc}/u.test(flat) || (flat.match(/\p{Nd}/gu)?.length ?? 0) > MAX_DIGITS || hasAmount(flat)) return true
  let shape = skeleton(flat)
  for (const form of DOT_FORMS) shape = shape.split(form).join(".")
  for (const form of AT_FORMS) shape = shape.split(form).join("@")
  return shape.includes("@") || shape.includes("://") || hasDomain(shape)
}

/**
 * The name a mail to a visitor shows: the one they typed on one line, at
 * most MAX_SHOWN_NAME characters; null when it may carry a link or an
 * offer, and the mail greets without it.
 */
export const shownName = (name: string): string | null => {
  const line = oneLine(name, MAX_SHOWN_NAME)
  return line === "" || carriesLinkOrOffer(name) ? null : line
}
