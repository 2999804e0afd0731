import { siteFacts } from "../../../config/site-facts"
import { readMailSettings } from "../mail-settings"

describe("readMailSettings", () => {
  it("falls back to the embedded defaults: no SMTP server, the support address, the site's URL", () => {
    expect(readMailSettings({})).toMatchObject({
      smtpUrl: null,
      from: `${siteFacts.appName} <${siteFacts.supportEmail}>`,
      notifyTo: siteFacts.supportEmail,
      siteUrl: siteFacts.siteUrl,
      webhook: null,
      outboxDir: expect.stringMatching(/\.data\/outbox$/),
    })
  })

  it("reads every setting", () => {
    const settings = readMailSettings({
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      MAIL_FROM: "Team <hello@example.com>",
      WAITLIST_NOTIFY_TO: "inbox@example.com",
      SITE_URL: "https://www.example.com/",
      WAITLIST_WEBHOOK_URL: "https://hooks.example.com/in",
      WAITLIST_WEBHOOK_SECRET: "0123456789abcdef",
    })
    expect(settings).toMatchObject({
      smtpUrl: "smtps://user:pass@mail.example.com:465",
      from: "Team <hello@example.com>",
      notifyTo: "inbox@example.com",
      siteUrl: "https://www.example.com",
      webhook: { url: "https://hooks.example.com/in", secret: "0123456789abcdef" },
    })
  })

  it.each([
    [{ SMTP_URL: "not a url" }, "SMTP_URL is not a URL"],
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL must start with smtp:// or smtps://"],
    [{ MAIL_FROM: "Team <hello@example.com>\r\nBcc: x@example.com" }, "MAIL_FROM is not an e-mail address"],
    [{ WAITLIST_NOTIFY_TO: "nobody" }, "WAITLIST_NOTIFY_TO is not an e-mail address"],
    [{ SITE_URL: "ftp://example.com" }, "SITE_URL must start with https:// or http://"],
    [{ WAITLIST_WEBHOOK_URL: "https://hooks.example.com/in" }, "WAITLIST_WEBHOOK_SECRET must be set"],
    [{ MAIL_RETRY_BASE_MS: "soon" }, "MAIL_RETRY_BASE_MS must be a whole number"],
  ])("refuses %j in one line naming the setting", (env, message) => {
    expect(() => readMailSettings(env)).toThrow(message)
  })
})
