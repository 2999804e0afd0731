/**
 * @jest-environment node
 */
import { PasswordChecker, StrengthCheckBusyError, TOO_SLOW_TO_CHECK } from "../password-checker"
import { hashPassword, passwordMatches, passwordProblem } from "../passwords"

// The strength check's worker loads its dictionaries on the first check: seconds on a busy machine.
jest.setTimeout(60_000)

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
  it.each(["short", "eleven char"])("refuses %j as shorter than 12 characters", async (password) => {
    expect(await passwordProblem(password, "ana@example.com")).toBe("Use at least 12 characters.")
  })

  it("refuses one longer than 256 characters", async () => {
    expect(await passwordProblem("correct horse ".repeat(20), "ana@example.com")).toBe("Use at most 256 characters.")
  })

  it.each(LEAKED)("refuses %j, a leaked password of 12 characters or more", async (password) => {
    expect(await passwordProblem(password, "ana@example.com")).toMatch(REFUSED)
  })

  it.each(["!QAZ2wsx#EDC4rfv", "Zaq1@wsxCde3", "!QAZ@WSX#EDC$RFV", "1QAZ2WSX3EDC4RFV", "!qaz@wsx#edc$rfv"])(
    "refuses %j, a walk along the keyboard's columns with or without shift",
    async (password) => {
      expect(await passwordProblem(password, "ana@example.com")).toMatch(REFUSED)
    },
  )

  it.each(["correcthorsebatterystaple", "correct horse battery staple", "CorrectHorseBatteryStaple", "Tr0ub4dor&3!"])(
    "refuses %j, a phrase made famous as an example, which attackers try first",
    async (password) => {
      expect(await passwordProblem(password, "ana@example.com")).toMatch(REFUSED)
    },
  )

  it.each([
    ["German", "sonnenschein1"],
    ["French", "mademoiselle1"],
    ["Spanish", "superestrella"],
    ["Brazilian Portuguese", "flamengo12345"],
    ["Japanese", "sakurasakura"],
  ])("refuses a common password of the %s admin: %j", async (_language, password) => {
    expect(await passwordProblem(password, "ana@example.com")).toMatch(REFUSED)
  })

  it("says why when it can: a common password, a repetition", async () => {
    expect(await passwordProblem("qwerty123456", "ana@example.com")).toBe(
      "Attackers would guess this password early. This is a heavily used password. Choose another: a few unrelated words work well.",
    )
    expect(await passwordProblem("abcabcabcabc", "ana@example.com")).toContain(
      'Repeated character patterns like "abcabcabc" are easy to guess.',
    )
  })

  it.each(["Storyling2025!", "ana.garcia1990", "AnaGarcia1990!"])(
    "refuses %j, the site's name or the person's own address with digits around it",
    async (password) => {
      expect(await passwordProblem(password, "Ana.Garcia@example.com")).toMatch(REFUSED)
    },
  )

  it.each(["xk29$!mP#2qZ", "seven amber kites drift", "Zürich im Nebel 1987", "vier violette Kamele tanzen"])(
    "takes %j",
    async (password) => {
      expect(await passwordProblem(password, "ana@example.com")).toBeNull()
    },
  )

  it("judges a long password by its first 64 characters, so a weak start stays refused however long it grows", async () => {
    expect(await passwordProblem(`${"password".repeat(8)}${"x".repeat(100)}`, "ana@example.com")).toMatch(REFUSED)
    expect(await passwordProblem(`seven amber kites drift ${"a".repeat(200)}`, "ana@example.com")).toBeNull()
  })
})

describe("the strength check", () => {
  const LOOK_ALIKES = "4@8(6{[<3|!1|0()9$5+7%2z".repeat(3).slice(0, 64)

  it("runs off the event loop: timers fire while it checks a password of look-alike characters", async () => {
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 5)
    try {
      const checked = passwordProblem(LOOK_ALIKES, "ana@example.com")
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(ticks).toBeGreaterThan(0)
      await checked
    } finally {
      clearInterval(timer)
    }
  }, 60_000)

  it("refuses a password it cannot check within its deadline, and checks the next with a new worker", async () => {
    const checker = new PasswordChecker({ deadlineMs: 1 })
    try {
      expect(await passwordProblem(LOOK_ALIKES, "ana@example.com", checker)).toBe(TOO_SLOW_TO_CHECK)
      const patient = new PasswordChecker()
      expect(await passwordProblem("seven amber kites drift", "ana@example.com", patient)).toBeNull()
      await patient.close()
    } finally {
      await checker.close()
    }
  }, 60_000)

  it("turns a check away at once while four wait", async () => {
    const checker = new PasswordChecker()
    try {
      const waiting = Array.from({ length: 4 }, (_, n) => checker.check(`seven amber kites ${n}`, []))
      await expect(checker.check("seven amber kites 5", [])).rejects.toBeInstanceOf(StrengthCheckBusyError)
      expect(await Promise.all(waiting)).toEqual([null, null, null, null])
    } finally {
      await checker.close()
    }
  }, 60_000)
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
