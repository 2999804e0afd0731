import { ENGLISH } from "./legal-layout"

/**
 * A command of scripts/legal.ts as a reader should type it, in backticks:
 * "`npm run legal -- amend privacy-policy --lang es`".
 */
export function legalCommand(words: string[], lang: string = ENGLISH): string {
  const flag = lang === ENGLISH ? [] : ["--lang", lang]
  return `\`${["npm run legal --", ...words, ...flag].join(" ")}\``
}
