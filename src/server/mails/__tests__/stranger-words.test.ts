/**
 * @jest-environment node
 */
import path from "path"
import { LANGUAGES } from "../../../i18n/languages"
import { translate } from "../../../i18n/messages"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { readAnnouncement } from "../../announcements/announcement-files"
import { listMail } from "../../markdown-mail/list-mail"
import { renderMail } from "../../markdown-mail/render-mail"
import { readSettings } from "../../settings"
import { confirmationMail } from "../../signup/confirmation-mail"
import { confirmationLinks } from "../../entries/mail-links"
import { teamMail } from "../../signup/team-mail"

const settings = readSettings({ SITE_URL: "https://storyling.example.com" }).mail
const OFFER = "Claim your $1000 prize at www.prize-claim.example/win today"
const links = confirmationLinks(settings.siteUrl, { confirmToken: "c", leaveToken: "l" }, "en")
const versions = readAnnouncement(
  path.join(PROJECT_ROOT, "content", "announcements"),
  "launch",
  settings.siteUrl,
).versions

describe("a name that could carry a link or an offer, typed for someone else's address", () => {
  it.each(LANGUAGES.map(({ code }) => code))(
    "is not in the confirmation mail, which greets without it (%s)",
    (lang) => {
      const mail = confirmationMail({ name: OFFER, email: "stranger@example.org", lang }, links, settings, "<id@x>")
      for (const part of [mail.subject, mail.text, mail.html ?? ""]) expect(part).not.toMatch(/prize|1000/i)
      expect(mail.text.split("\n")[0]).toBe(translate(lang, "mail.greetingWithoutName"))
      expect(mail.html).toContain(`>${translate(lang, "mail.greetingWithoutName")}</h1>`)
    },
  )

  it.each(LANGUAGES.map(({ code }) => code))("is not in an announcement, whose sentences read on (%s)", (lang) => {
    const version = versions.find((found) => found.lang === lang)
    if (!version) throw new Error(`launch has no ${lang} version`)
    const rendered = renderMail(version, settings.siteUrl)
    const reader = { name: OFFER, email: "stranger@example.org", leaveUrl: `${settings.siteUrl}/leave` }
    const mail = listMail(rendered, reader, settings, "<id@x>", { campaign: "announcement" })
    for (const part of [mail.subject, mail.text, mail.html ?? ""]) expect(part).not.toMatch(/prize|1000/i)
    expect(mail.subject).toMatch(/^\p{Lu}/u)
    expect(mail.subject).toContain("Storyling")
  })

  it("is shown whole to the team, whose notice is plain text", () => {
    const mail = teamMail("stranger@example.org", [{ name: OFFER, message: "", metadata: {} }], settings, "<id@x>")
    expect(mail.subject).toBe(`Waitlist: a visitor's message, name given “${OFFER}”`)
    expect(mail.text).toContain(`Name given: ${OFFER}`)
    expect(mail.html).toBeUndefined()
  })

  it("an ordinary name still greets the visitor in each language", () => {
    for (const { code } of LANGUAGES) {
      const mail = confirmationMail({ name: "Ana López", email: "ana@example.org", lang: code }, links, settings, "<i>")
      expect(mail.text.split("\n")[0]).toBe(translate(code, "mail.greeting", { name: "Ana López" }))
    }
  })
})
