/**
 * @jest-environment node
 */
import { hashPassword, passwordMatches, passwordProblem } from "../passwords"

const REFUSED = /^Attackers would guess this password early\. (.+ )?Choose another: a few unrelated words work well\.$/

/**
 * Passwords of 12 characters or more from public leaks: the lists of the
 * most common leaked passwords (RockYou's and those compiled from it and
 * later breaches) and their usual variants, a capital, digits or a sign
 * around a word, l33t, a season and a year.
 */
const LEAKED = [
  "unbelievable",
  "administrator",
  "123456789012",
  "123456789abc",
  "1q2w3e4r5t6y",
  "q1w2e3r4t5y6",
  "1qaz2wsx3edc",
  "zaq1xsw2cde3",
  "123qweasdzxc",
  "qazwsxedcrfv",
  "qwerty123456",
  "123456qwerty",
  "qwertyasdfgh",
  "qwertyuiop123",
  "1234qwerasdf",
  "asdfghjkl123",
  "123456654321",
  "112233445566",
  "123321123321",
  "password1234",
  "passwordpassword",
  "temppassword",
  "iloveyou1234",
  "leavemealone",
  "whosyourdaddy",
  "iseedeadpeople",
  "peanutbutter",
  "supernatural",
  "professional",
  "intelligence",
  "finalfantasy",
  "counterstrike",
  "playstation3",
  "minecraft123",
  "justinbieber",
  "jamesbond007",
  "christopher1",
  "philadelphia",
  "michaeljordan",
  "manchesterunited",
  "Password123!",
  "P@ssw0rd1234",
  "Welcome@2024",
  "Summer2024!!",
]

describe("a new password", () => {
  it.each(["short", "eleven char"])("refuses %j as shorter than 12 characters", (password) => {
    expect(passwordProblem(password, "ana@example.com")).toBe("Use at least 12 characters.")
  })

  it("refuses one longer than 256 characters", () => {
    expect(passwordProblem("correct horse ".repeat(20), "ana@example.com")).toBe("Use at most 256 characters.")
  })

  it.each(LEAKED)("refuses %j, a leaked password of 12 characters or more", (password) => {
    expect(passwordProblem(password, "ana@example.com")).toMatch(REFUSED)
  })

  it("says why when it can: a common password, a repetition", () => {
    expect(passwordProblem("qwerty123456", "ana@example.com")).toBe(
      "Attackers would guess this password early. This is a commonly used password. Choose another: a few unrelated words work well.",
    )
    expect(passwordProblem("abcabcabcabc", "ana@example.com")).toContain(
      'Repeated character patterns like "abcabcabc" are easy to guess.',
    )
  })

  it.each(["Storyling2025!", "ana.garcia1990", "AnaGarcia1990!"])(
    "refuses %j, the site's name or the person's own address with digits around it",
    (password) => {
      expect(passwordProblem(password, "Ana.Garcia@example.com")).toMatch(REFUSED)
    },
  )

  it.each(["correct horse battery staple", "xk29$!mP#2qZ", "seven amber kites drift", "Zürich im Nebel 1987"])(
    "takes %j",
    (password) => {
      expect(passwordProblem(password, "ana@example.com")).toBeNull()
    },
  )

  it("judges a long password by its first 64 characters, so a weak start stays refused however long it grows", () => {
    expect(passwordProblem(`${"password".repeat(8)}${"x".repeat(100)}`, "ana@example.com")).toMatch(REFUSED)
    expect(passwordProblem(`seven amber kites drift ${"a".repeat(200)}`, "ana@example.com")).toBeNull()
  })
})

describe("a stored password", () => {
  it("is hashed with argon2id, salted, and matches only itself", async () => {
    const hash = await hashPassword("seven amber kites drift")
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await hashPassword("seven amber kites drift")).not.toBe(hash)
    expect(await passwordMatches("seven amber kites drift", hash)).toBe(true)
    expect(await passwordMatches("seven amber kites drifts", hash)).toBe(false)
  })

  it("never matches an account without a hash, whatever is typed", async () => {
    expect(await passwordMatches("", null)).toBe(false)
    expect(await passwordMatches("seven amber kites drift", null)).toBe(false)
  })
})
