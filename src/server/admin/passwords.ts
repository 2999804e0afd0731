import { hash, verify, type Algorithm } from "@node-rs/argon2"
import { siteFacts } from "../../config/site-facts"
import { MIN_PASSWORD_LENGTH } from "../../admin-api/password-rule"
import { ZxcvbnFactory } from "@zxcvbn-ts/core"
import * as commonPackage from "@zxcvbn-ts/language-common"
import * as englishPackage from "@zxcvbn-ts/language-en"

/** The longest: far above any passphrase, and a bound on the work one login asks of argon2. */
export const MAX_PASSWORD_LENGTH = 256

/** Algorithm.Argon2id, a const enum the isolated modules of this build cannot read. */
const ARGON2ID = 2 as Algorithm

/** argon2id with OWASP's first recommended setting: 19 MiB of memory, two passes, one lane. */
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/** The argon2id hash of a password, with its salt and settings, as the account keeps it. */
export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2)

/** A hash no password matches, made once: a login for an account without one verifies against it, so it takes as long as any other. */
let dummyHash: Promise<string> | null = null

/**
 * Whether a password matches an account's hash. Without a hash (an unknown
 * account, or one whose invitation is not taken), a hash no password
 * matches is verified all the same: the answer takes as long whatever
 * failed, and says nothing of which accounts exist.
 */
export async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  dummyHash ??= hashPassword(`no password ${Math.random()}`)
  const against = stored ?? (await dummyHash)
  try {
    const matches = await verify(against, password)
    return matches && stored !== null
  } catch {
    return false
  }
}

/** The least zxcvbn score a new password needs: the top of its scale, at least 10^10 guesses (a season and a year around a word, "Summer2024!!", stays below). */
const MIN_SCORE = 4

/** The most of a password the strength check reads: zxcvbn's work grows faster than the length, on the event loop, and more characters only add strength. */
const CHECKED_LENGTH = 64

/** The estimator, with the common passwords of public leaks and the English words, names and keyboard patterns; made on the first check, so a server that takes no invitation never holds its dictionaries. */
let estimator: ZxcvbnFactory | null = null

const strength = () =>
  (estimator ??= new ZxcvbnFactory({
    maxLength: CHECKED_LENGTH,
    dictionary: { ...commonPackage.dictionary, ...englishPackage.dictionary },
    graphs: commonPackage.adjacencyGraphs,
    translations: englishPackage.translations,
  }))

/**
 * Why a new password is refused, or null when it may be used: shorter than
 * 12 characters or longer than 256, or guessed too early by zxcvbn (its
 * dictionaries of leaked passwords and English words, with their l33t and
 * reversed forms, keyboard runs, repetitions, sequences and dates), which
 * is told the site's name and the person's address as well.
 */
export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`
  const mailbox = email.split("@")[0] ?? ""
  const { score, feedback } = strength().check(password, [
    siteFacts.appName,
    email,
    mailbox,
    mailbox.replace(/[._+-]/g, ""),
  ])
  if (score >= MIN_SCORE) return null
  return [GUESSED_EARLY, feedback.warning, "Choose another: a few unrelated words work well."].filter(Boolean).join(" ")
}

/** How a refusal of a guessable password begins (zxcvbn's warning, when it has one, follows). */
export const GUESSED_EARLY = "Attackers would guess this password early."
