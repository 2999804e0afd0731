import { hash, verify, type Algorithm } from "@node-rs/argon2"
import { siteFacts } from "../../config/site-facts"
import { COMMON_PASSWORDS } from "./common-passwords"

/** The shortest password an account may have (NIST SP 800-63B asks at least 8; ours, at 12, leaves brute force no chance). */
export const MIN_PASSWORD_LENGTH = 12
/** The longest: far above any passphrase, and a bound on the work one login asks of argon2. */
export const MAX_PASSWORD_LENGTH = 256

/** Algorithm.Argon2id, a const enum the isolated modules of this build cannot read. */
const ARGON2ID = 2 as Algorithm

/**
 * argon2id with OWASP's first recommended setting (19 MiB of memory, two
 * passes, one lane): about 50 ms a hash on this machine's cores.
 */
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

/** Digits and signs read as the letters they stand for. */
const LOOK_ALIKES: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", $: "s", "!": "i", "|": "l" }

const isLetter = (char: string) => char.toLowerCase() !== char.toUpperCase()

/**
 * What a password is folded to before the list of common ones is asked:
 * lower-cased, without the digits and signs around its letters
 * ("Password123!" is "password"), its look-alike digits and signs read as
 * letters ("p@ssw0rd" is "password").
 */
function core(password: string): string {
  const chars = [...password.normalize("NFKC").toLowerCase()]
  let start = 0
  let end = chars.length
  while (start < end && !isLetter(chars[start] ?? "")) start++
  while (end > start && !isLetter(chars[end - 1] ?? "")) end--
  return chars
    .slice(start, end)
    .map((char) => LOOK_ALIKES[char] ?? char)
    .join("")
}

/** Text made of one shorter run repeated (`aaaaaaaaaaaa`, `abcabcabcabc`, `passwordpassword`). */
function isRepetition(text: string): boolean {
  for (let size = 1; size <= text.length / 2; size++) {
    if (text.length % size === 0 && text.slice(0, size).repeat(text.length / size) === text) return true
  }
  return false
}

/** Runs along a keyboard's rows, the alphabet or the digits, forwards or backwards (`qwertyuiopas`, `0987654321`). */
const RUNS = ["qwertyuiopasdfghjklzxcvbnm", "abcdefghijklmnopqrstuvwxyz", "12345678901234567890", "azertyuiopqsdfghjklmwxcvbn", "qwertzuiopasdfghjklyxcvbnm"]

/** The length of the longest part of `text` that is also a part of `run` (for texts of at most 256 characters: a few thousand steps). */
function longestRunIn(text: string, run: string): number {
  let longest = 0
  for (let start = 0; start < text.length; start++) {
    for (let length = longest + 1; start + length <= text.length && run.includes(text.slice(start, start + length)); length++) longest = length
  }
  return longest
}

/** Whether a password is a run along the keyboard, the alphabet or the digits, with at most three other characters (`0987654321ab`). */
function isRun(password: string): boolean {
  const plain = [...password.toLowerCase()].filter((char) => isLetter(char) || (char >= "0" && char <= "9")).join("")
  if (plain.length < 6) return false
  return RUNS.some((run) => Math.max(longestRunIn(plain, run), longestRunIn(plain, [...run].reverse().join(""))) >= plain.length - 3)
}

/**
 * Why a new password is refused, or null when it may be used: shorter than
 * 12 characters or longer than 256; one character or a short run repeated;
 * a run along the keyboard or the alphabet; or, once the digits and signs
 * around it are taken off, one of the most common passwords (our list, see
 * common-passwords.ts), the site's name or the person's own address.
 */
export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`
  const folded = core(password)
  const mailbox = core(email.split("@")[0] ?? "")
  const common =
    COMMON_PASSWORDS.has(password.toLowerCase()) ||
    COMMON_PASSWORDS.has(folded) ||
    folded === siteFacts.appName.toLowerCase() ||
    (mailbox.length >= 3 && folded === mailbox)
  if (common || isRepetition(password) || isRepetition(folded) || isRun(password)) {
    return "This password is among the most common ones, which attackers try first. Choose another, such as a few unrelated words."
  }
  return null
}
