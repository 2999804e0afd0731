/**
 * @jest-environment node
 */
import { Resolver } from "dns/promises"
import fs from "fs"
import os from "os"
import path from "path"
import AxeBuilder from "@axe-core/playwright"
import { chromium, type Browser } from "@playwright/test"
import { dkimVerify } from "mailauth/lib/dkim/verify"
import { chromiumArgs, chromiumPath, ensureChromium } from "../../../../e2e/support/chromium"
import { DnsTestServer } from "../../../../test/support/dns-test-server"
import { isVisitorMail, writeEveryKindOfMail, type WrittenMail } from "../../../../test/support/every-kind-of-mail"
import { scoreWithSpamAssassin } from "../../../../test/support/spamassassin"
import { DKIM_SIGNED_HEADERS } from "../mail-transport"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "every-kind-of-mail-"))
let mails: WrittenMail[]
let dns: DnsTestServer
const resolver = new Resolver()

beforeAll(async () => {
  const gallery = await writeEveryKindOfMail(dir)
  mails = gallery.mails
  dns = await DnsTestServer.start({ [gallery.dkim.recordName]: { txt: [gallery.dkim.record] } })
  resolver.setServers([dns.server])
}, 60_000)
afterAll(async () => {
  await dns.down()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** What a DKIM verifier that reads the key from DNS (our test server) makes of a mail: each signature's domain, result and signed header fields. */
async function verify(raw: Buffer | string) {
  const verified = await dkimVerify(raw, {
    resolver: (name: string, type: string) => resolver.resolve(name, type),
  } as never)
  return verified.results.map((result) => ({
    domain: result.signingDomain,
    result: result.status.result,
    // mailauth reports the signature's h= list, which its types do not declare.
    signed: ((result as { signingHeaders?: { keys?: string } }).signingHeaders?.keys ?? "")
      .toLowerCase()
      .split(":")
      .map((name: string) => name.trim()),
  }))
}

/** The mail's header block and body, the named header's lines (with their folds) taken out. */
const withoutHeader = (raw: Buffer, name: string): string => {
  const text = raw.toString("utf8")
  const end = text.indexOf("\n\n")
  const kept = text
    .slice(0, end)
    .split(/\n(?![ \t])/)
    .filter((line) => !line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return `${kept.join("\n")}${text.slice(end)}`
}

const describeMail = (mail: WrittenMail) => `${mail.kind} (${mail.lang})`

/** A header's value as written (its folds undone), or undefined. */
const header = (mail: WrittenMail, name: string) =>
  mail.parsed.headerLines
    .find((line) => line.key === name.toLowerCase())
    ?.line.replace(/\r?\n[ \t]+/g, " ")
    .slice(name.length + 1)
    .trim()

describe("the DKIM signature of every mail", () => {
  it("passes a verifier reading the key from DNS, on every kind of mail in every language", async () => {
    expect(mails.length).toBeGreaterThanOrEqual(25)
    for (const mail of mails)
      expect([describeMail(mail), await verify(mail.raw)]).toEqual([
        describeMail(mail),
        [{ domain: "storyling.example.com", result: "pass", signed: expect.any(Array) }],
      ])
  })

  it("covers each header a reader sees or a provider acts on, wherever the mail has it, List-Unsubscribe-Post and Feedback-ID included", async () => {
    for (const mail of mails) {
      const [signature] = await verify(mail.raw)
      const present = DKIM_SIGNED_HEADERS.filter((name) => header(mail, name) !== undefined)
      expect([describeMail(mail), [...(signature?.signed ?? [])].sort()]).toEqual([
        describeMail(mail),
        present.map((name) => name.toLowerCase()).sort(),
      ])
    }
  })

  it("breaks when List-Unsubscribe-Post is taken off a signed mail to a visitor, so no relay can turn one-click off", async () => {
    const visitorMails = mails.filter(isVisitorMail)
    expect(visitorMails.length).toBeGreaterThanOrEqual(18)
    for (const mail of visitorMails) {
      expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click")
      const [signature] = await verify(withoutHeader(mail.raw, "List-Unsubscribe-Post"))
      expect([describeMail(mail), signature?.result]).toEqual([describeMail(mail), "fail"])
    }
  })
})

describe("every mail to a visitor", () => {
  it("names its list (List-Id) and its language (Content-Language), as a one-click mail of a list should", () => {
    for (const mail of mails.filter(isVisitorMail)) {
      expect([describeMail(mail), header(mail, "Content-Language")]).toEqual([
        describeMail(mail),
        mail.lang === "pt-br" ? "pt-BR" : mail.lang,
      ])
      expect(header(mail, "List-Id")).toBe("Storyling waitlist <waitlist.storyling.example.com>")
    }
  })
})

/** The rules that only say the mail came by no relay (written here, not received) or that a link has a port (a local SITE_URL). */
const NOT_COUNTED = new Set(["NO_RECEIVED", "NO_RELAYS", "WEIRD_PORT"])

/** The most points SpamAssassin may give any mail of ours, the rules of NOT_COUNTED aside. */
const MAX_POINTS = 0.5

describe("SpamAssassin (Debian's, local rules only)", () => {
  it(`gives every kind of mail in every language, signed, ${MAX_POINTS} points or less, naming each rule that fired`, async () => {
    const verdicts = await scoreWithSpamAssassin(mails.map((mail) => mail.raw))
    const over = mails.flatMap((mail, i) => {
      const counted = Object.entries(verdicts[i]?.rules ?? {}).filter(([rule]) => !NOT_COUNTED.has(rule))
      const points = counted.reduce((sum, [, value]) => sum + value, 0)
      return points > MAX_POINTS
        ? [
            `${describeMail(mail)}: ${points.toFixed(3)} points, ${counted.map(([rule, value]) => `${rule} ${value}`).join(", ")}`,
          ]
        : []
    })
    expect(over).toEqual([])
  }, 120_000)
})

/** How a reader's client may show the HTML: as written, under the reader's dark mode, and forced dark by the client. */
const SCHEMES = [
  { name: "light", colorScheme: "light", args: [] },
  { name: "dark", colorScheme: "dark", args: [] },
  // Chromium's own forced dark (what Android's WebView, in which Gmail shows mail, applies), on top of a dark preference.
  { name: "forced dark", colorScheme: "dark", args: ["--force-dark-mode", "--enable-features=WebContentsForceDark"] },
] as const

describe("the HTML part of every kind of mail, in Chromium", () => {
  const browsers: Browser[] = []
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()))
  })

  it.each(SCHEMES)(
    "has text and buttons at 4.5:1 or more ($name): axe's color-contrast rule passes in every language",
    async ({ colorScheme, args }) => {
      ensureChromium()
      const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...args] })
      browsers.push(browser)
      const page = await (await browser.newContext({ colorScheme })).newPage()
      const failures: string[] = []
      for (const mail of mails.filter((written) => written.parsed.html)) {
        await page.setContent(mail.parsed.html || "")
        const { violations, passes } = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze()
        expect(passes.length + violations.length).toBeGreaterThan(0)
        for (const violation of violations)
          for (const node of violation.nodes)
            failures.push(`${describeMail(mail)}: ${node.failureSummary ?? ""} at ${node.target.join(" ")}`)
      }
      expect(failures).toEqual([])
    },
    180_000,
  )

  it("has dark styles of its own under prefers-color-scheme: dark", async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    browsers.push(browser)
    const pages = {
      light: await (await browser.newContext({ colorScheme: "light" })).newPage(),
      dark: await (await browser.newContext({ colorScheme: "dark" })).newPage(),
    }
    const colorsOf = async (scheme: keyof typeof pages, html: string) => {
      const page = pages[scheme]
      await page.setContent(html)
      return page.evaluate(() =>
        ["body", "main", "main > p"].map((selector) => {
          const style = getComputedStyle(document.querySelector(selector) as Element)
          return `${style.backgroundColor} ${style.color}`
        }),
      )
    }
    for (const mail of mails.filter((written) => written.parsed.html)) {
      const html = mail.parsed.html || ""
      const [light, dark] = [await colorsOf("light", html), await colorsOf("dark", html)]
      expect(dark.map((colors, i) => [describeMail(mail), colors === light[i]])).toEqual(
        dark.map(() => [describeMail(mail), false]),
      )
    }
  }, 180_000)
})
