/**
 * @jest-environment node
 */
import { hashPassword, passwordMatches, passwordProblem } from "../passwords"

const COMMON = "This password is among the most common ones, which attackers try first. Choose another, such as a few unrelated words."

describe("a new password", () => {
  it.each(["short", "eleven char"])("refuses %j as shorter than 12 characters", (password) => {
    expect(passwordProblem(password, "ana@example.com")).toBe("Use at least 12 characters.")
  })

  it("refuses one longer than 256 characters", () => {
    expect(passwordProblem("correct horse ".repeat(20), "ana@example.com")).toBe("Use at most 256 characters.")
  })

  it.each([
    "Password123!",
    "p@ssw0rd2024",
    "!!Welcome2025!!",
    "iloveyou1234",
    "qwertyuiop12",
    "0987654321ab",
    "aaaaaaaaaaaa",
    "abcabcabcabc",
    "passwordpassword",
    "1q2w3e4r5t6y",
    "Storyling2025!",
    "ana.garcia1990",
  ])("refuses %j as among the common passwords, runs, repetitions, the site's name or the person's address", (password) => {
    expect(passwordProblem(password, "Ana.Garcia@example.com")).toBe(COMMON)
  })

  it.each(["correct horse battery staple", "xk29$!mP#2qZ", "seven amber kites drift", "Zürich im Nebel 1987"])("takes %j", (password) => {
    expect(passwordProblem(password, "ana@example.com")).toBeNull()
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
