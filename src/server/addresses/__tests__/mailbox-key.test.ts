import { mailboxKey } from "../mailbox-key"
import { isThrowawayAddress } from "../throwaway-domains"

describe("mailboxKey", () => {
  it("gives every spelling of one Gmail mailbox the same key: case, dots, +tags and googlemail.com", () => {
    const keys = [
      "ana.lima@gmail.com",
      "AnaLima@Gmail.com",
      "a.n.a.l.i.m.a+waitlist@googlemail.com",
      " analima+x+y@GMAIL.COM ",
    ].map(mailboxKey)
    expect(new Set(keys)).toEqual(new Set(["analima@gmail.com"]))
  })

  it("keeps the dots of other providers' mailboxes and drops their +tags", () => {
    expect(mailboxKey("Ana.Lima+news@example.com")).toBe("ana.lima@example.com")
    expect(mailboxKey("analima@example.com")).not.toBe(mailboxKey("ana.lima@example.com"))
  })
})

describe("isThrowawayAddress", () => {
  it("knows the throwaway domains of the maintained list, and their subdomains where the list says so", () => {
    expect(isThrowawayAddress("someone@mailinator.com")).toBe(true)
    expect(isThrowawayAddress("someone@inbox.33m.co")).toBe(true)
    expect(isThrowawayAddress("someone@example.com")).toBe(false)
    expect(isThrowawayAddress("someone@gmail.com")).toBe(false)
  })
})
