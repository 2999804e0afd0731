/**
 * The rule of an account's new password as the invitation's page says it
 * and the server enforces it (see passwordProblem), in one place that may
 * reach the browser.
 */

/** The shortest password an account may have (NIST SP 800-63B asks at least 8; ours, at 12, leaves brute force no chance). */
export const MIN_PASSWORD_LENGTH = 12

/** The rule in words, under the invitation's password field. */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters, and none that attackers guess early: no password from public leaks, no word or name with digits or signs around it, no keyboard run or repetition, not your own address or the site's name. A few unrelated words work well.`
