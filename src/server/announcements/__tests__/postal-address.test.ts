/**
 * @jest-environment node
 */
import path from "path"
import { siteFacts } from "../../../config/site-facts"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { readAnnouncement } from "../announcement-files"
import { listMail } from "../../markdown-mail/list-mail"
import { renderMail } from "../../markdown-mail/render-mail"
import { readSettings } from "../../settings"

const settings = readSettings({ SITE_URL: "https://storyling.example.com" }).mail
const { versions } = readAnnouncement(path.join(PROJECT_ROOT, "content", "announcements"), "launch", settings.siteUrl)

describe("every announcement", () => {
  it.each(versions.map((version) => version.lang))(
    "ends, in text and HTML, with the company's name and postal address (%s)",
    (lang) => {
      const version = versions.find((found) => found.lang === lang)
      if (!version) throw new Error(lang)
      const reader = { name: "Ana", email: "ana@example.org", leaveUrl: `${settings.siteUrl}/leave` }
      const mail = listMail(renderMail(version, settings.siteUrl), reader, settings, "<id@x>", {
        campaign: "announcement",
      })
      const line = `${siteFacts.companyName}, ${siteFacts.postalAddress}`
      expect(mail.text.endsWith(`\n\n${line}`)).toBe(true)
      expect(mail.html).toMatch(new RegExp(`>${line}</p>\\s*</main>`))
    },
  )
})
