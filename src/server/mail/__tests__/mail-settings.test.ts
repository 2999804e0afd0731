import { siteFacts } from "../../../config/site-facts"
import { readMailSettings } from "../mail-settings"

describe("readMailSettings", () => {
  it("falls back to the embedded defaults: no SMTP server, the support address, the site's URL", () => {
    expect(readMailSettings({})).toMatchObject({
      smtpUrl: null,
      from: { name: siteFacts.appName, address: siteFacts.supportEmail },
      notifyTo: { name: "", address: siteFacts.supportEmail },
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
      from: { name: "Team", address: "hello@example.com" },
      notifyTo: { name: "", address: "inbox@example.com" },
      siteUrl: "https://www.example.com",
      webhook: { url: "https://hooks.example.com/in", secret: "0123456789abcdef" },
    })
  })

  it("reads a quoted sender's name, and keeps it apart from the one address", () => {
    expect(readMailSettings({ MAIL_FROM: '"Storyling, the app" <hello@example.com>' }).from).toEqual({ name: "Storyling, the app", address: "hello@example.com" })
  })

  it.each([
    [{ SMTP_URL: "not a url" }, "SMTP_URL is not a URL"],
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL must start with smtp:// or smtps://"],
    [{ MAIL_FROM: "Team <hello@example.com>\r\nBcc: x@example.com" }, "MAIL_FROM is not an e-mail address"],
    [{ WAITLIST_NOTIFY_TO: "nobody" }, "WAITLIST_NOTIFY_TO is not an e-mail address"],
    [{ WAITLIST_NOTIFY_TO: "team@example.com, boss@example.com" }, "WAITLIST_NOTIFY_TO is not an e-mail address"],
    [{ WAITLIST_NOTIFY_TO: "Team <team@example.com>, boss@example.com" }, "WAITLIST_NOTIFY_TO is not an e-mail address"],
    [{ MAIL_FROM: "Team <a@example.com, b@example.com>" }, "MAIL_FROM is not an e-mail address"],
    [{ SITE_URL: "ftp://example.com" }, "SITE_URL must start with https:// or http://"],
    [{ WAITLIST_WEBHOOK_URL: "https://hooks.example.com/in" }, "WAITLIST_WEBHOOK_SECRET must be set"],
    [{ MAIL_RETRY_BASE_MS: "soon" }, "MAIL_RETRY_BASE_MS must be a whole number"],
  ])("refuses %j in one line naming the setting", (env, message) => {
    expect(() => readMailSettings(env)).toThrow(message)
  })
})
