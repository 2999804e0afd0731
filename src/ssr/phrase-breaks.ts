/**
 * Japanese lines that break between phrases (文節), never inside a word, at
 * no cost to the browser: BudouX, the model behind Chromium's own
 * `word-break: auto-phrase`, finds the phrases while Gatsby renders a page
 * (gatsby-ssr's replaceRenderer), a `<wbr>` marks the end of each, and the
 * paragraph gets PHRASES_CLASS, which the theme sets to `word-break: keep-all`.
 * The browser then breaks lines where it is told, instead of segmenting every
 * paragraph itself on each load (a trace of /ja showed that work in its
 * first layout, see docs/benchmarks.md). Text a script renders again (the
 * contact form's island) is left as it is: it carries NO_PHRASE_BREAKS_ATTRIBUTE.
 */
import { HTMLProcessor, jaModel, Parser } from "budoux"
import { parseHTML } from "linkedom"
import type { LanguageCode } from "../i18n/languages"
import { NO_PHRASE_BREAKS_ATTRIBUTE, PHRASES_CLASS } from "./phrase-marks"

/** The languages whose lines break between phrases, with their BudouX model. */
const PHRASE_MODELS: Partial<Record<LanguageCode, ConstructorParameters<typeof Parser>[0]>> = { ja: jaModel }

type Paragraph = Parameters<HTMLProcessor["getBlocks"]>[1]

/** BudouX's processor, skipping what carries NO_PHRASE_BREAKS_ATTRIBUTE (it skips scripts, styles, code, form controls itself). */
class PageProcessor extends HTMLProcessor {
  override *getBlocks(element: HTMLElement, parent?: Paragraph): IterableIterator<NonNullable<Paragraph>> {
    if (element.hasAttribute(NO_PHRASE_BREAKS_ATTRIBUTE)) return
    yield* super.getBlocks(element, parent)
  }
}

/** Each language's parser, made once: the model is large and every page of the language uses it. */
const parsers = new Map<LanguageCode, Parser>()

/** Whether a language's pages get phrase breaks. */
export const breaksBetweenPhrases = (lang: LanguageCode): boolean => PHRASE_MODELS[lang] !== undefined

/**
 * A page body's HTML with `<wbr>` between the phrases of its text, for a
 * language that breaks between phrases; any other language's as it is.
 */
export function withPhraseBreaks(bodyHtml: string, lang: LanguageCode): string {
  const model = PHRASE_MODELS[lang]
  if (!model) return bodyHtml
  const parser = parsers.get(lang) ?? new Parser(model)
  parsers.set(lang, parser)
  const { document } = parseHTML(`<!doctype html><html><body>${bodyHtml}</body></html>`)
  const separator = document.createElement("wbr")
  new PageProcessor(parser, { className: PHRASES_CLASS, separator }).applyToElement(document.body)
  return document.body.innerHTML
}
