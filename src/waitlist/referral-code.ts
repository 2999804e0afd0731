/**
 * A personal code: the `k3T9xQ2a` of `https://storyling.app/r/k3T9xQ2a`.
 * Eight letters and digits (62⁸, about 2.2 × 10¹⁴ codes), case-sensitive:
 * short enough to read out, too many to guess one that is in use.
 */
/**
 * The campaign source of a visit through a personal link: `/r/<code>` puts
 * it in the landing page's address beside the code, and a sign-up whose
 * visit came through one counts under it too, so the funnel lines the two up.
 */
export const PERSONAL_LINK_SOURCE = "personal-link"

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
export const REFERRAL_CODE_LENGTH = 8

/** A new random code (Web Crypto, so the same in Node and a browser). Bytes of 248 and more are drawn again, so each letter is equally likely. */
export function newReferralCode(): string {
  let code = ""
  const bytes = new Uint8Array(16)
  while (code.length < REFERRAL_CODE_LENGTH) {
    crypto.getRandomValues(bytes)
    for (const byte of bytes)
      if (byte < 248 && code.length < REFERRAL_CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length]
  }
  return code
}

/** The form of a code as newReferralCode makes them (the inline script that keeps a visit's code writes it out too). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z\d]{8}$/

/** Whether a value is a code as newReferralCode makes them: anything else is ignored before the store is asked. */
export const isReferralCode = (value: unknown): value is string =>
  typeof value === "string" && REFERRAL_CODE_PATTERN.test(value)
