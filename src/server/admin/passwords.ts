import { hash, verify, type Algorithm } from "@node-rs/argon2"
import { siteFacts } from "../../config/site-facts"
import { MIN_PASSWORD_LENGTH } from "../../admin-api/password-rule"
import { PasswordChecker } from "./password-checker"

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

/** The one strength check of the server's new passwords: its worker, started when first needed. */
const strengthCheck = new PasswordChecker()

/** Starts loading the strength check's dictionaries, when a password is soon to come (an invitation's page opened). */
export const warmPasswordCheck = (): void => strengthCheck.warm()

/**
 * Why a new password is refused, or null when it may be used: shorter than
 * 12 characters or longer than 256, or guessed too early (see
 * strengthProblem: leaked passwords, words of the admin's six languages,
 * keyboard walks with or without shift, repetitions, sequences, dates,
 * the site's name and the person's own address), checked off the event
 * loop within a deadline.
 * @throws StrengthCheckBusyError when the check cannot be made now
 */
export async function passwordProblem(
  password: string,
  email: string,
  checker: PasswordChecker = strengthCheck,
): Promise<string | null> {
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`
  const mailbox = email.split("@")[0] ?? ""
  return checker.check(password, [siteFacts.appName, email, mailbox, mailbox.replace(/[._+-]/g, "")])
}
