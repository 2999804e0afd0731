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

  it.each([
    [
      "iCloud, under me.com and mac.com too, with +tags",
      "john@icloud.com",
      ["john@me.com", "john@mac.com", "John+shop@iCloud.com"],
    ],
    [
      "Proton, under protonmail.com, protonmail.ch and pm.me, ignoring dots, hyphens and underscores",
      "johndoe@proton.me",
      ["john.doe@proton.me", "johndoe@protonmail.com", "john_doe@pm.me", "john-doe+news@protonmail.ch"],
    ],
    [
      "Fastmail's +tags and subdomain addressing",
      "bob@fastmail.com",
      ["anything@bob.fastmail.com", "bob+x@fastmail.com"],
    ],
    [
      "Yandex under its other domains, a hyphen the same as a dot",
      "ivan.petrov@yandex.ru",
      ["ivan-petrov@ya.ru", "Ivan.Petrov@yandex.com", "ivan-petrov+shop@yandex.by"],
    ],
    ["Outlook.com's +tags", "john@outlook.com", ["john+shop@outlook.com"]],
    ["Hotmail's +tags", "john@hotmail.com", ["John+a+b@Hotmail.com"]],
    ["Live's +tags", "john@live.com", ["john+x@live.com"]],
    ["Yahoo's disposable addresses at a hyphen", "john@yahoo.com", ["john-shopping@yahoo.com", "John@Yahoo.com"]],
  ])("gives every spelling of one mailbox the same key: %s", (_provider, key, spellings) => {
    expect(spellings.map(mailboxKey)).toEqual(spellings.map(() => key))
  })

  it("keeps apart what the providers keep apart", () => {
    expect(mailboxKey("john@outlook.com")).not.toBe(mailboxKey("john@hotmail.com"))
    expect(mailboxKey("john.doe@outlook.com")).not.toBe(mailboxKey("johndoe@outlook.com"))
    expect(mailboxKey("john.doe@icloud.com")).not.toBe(mailboxKey("johndoe@icloud.com"))
    expect(mailboxKey("john@yahoo.com")).not.toBe(mailboxKey("john@yahoo.fr"))
    expect(mailboxKey("ivan_petrov@yandex.ru")).not.toBe(mailboxKey("ivan.petrov@yandex.ru"))
    expect(mailboxKey("anything@bob.example.com")).toBe("anything@bob.example.com")
    expect(mailboxKey("a@b.c.fastmail.com")).toBe("a@b.c.fastmail.com")
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
