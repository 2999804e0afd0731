import fs from "fs"
import path from "path"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { siteFacts } from "../../config/site-facts"
import { readSettings, SETTING_NAMES, SettingsError } from "../settings"

describe("the server's settings", () => {
  it("fall back to the embedded defaults: SQLite under .data, no SMTP server, the support address, the site's URL", () => {
    expect(readSettings({})).toMatchObject({
      port: 9000,
      host: "localhost",
      store: { kind: "sqlite", file: expect.stringMatching(/\.data\/waitlist\.sqlite$/) },
      rateLimit: 5,
      trustProxy: false,
      mail: {
        smtpUrl: null,
        from: { name: siteFacts.appName, address: siteFacts.supportEmail },
        notifyTo: { name: "", address: siteFacts.supportEmail },
        siteUrl: siteFacts.siteUrl,
        webhook: null,
        outboxDir: expect.stringMatching(/\.data\/outbox$/),
      },
    })
  })

  it("treat an empty or blank value as unset", () => {
    expect(readSettings({ PORT: " ", WAITLIST_RATE_LIMIT: "", SMTP_URL: "", VISIT_COUNTING: "" })).toMatchObject({ port: 9000, rateLimit: 5, countVisits: true, mail: { smtpUrl: null } })
  })

  it("read every setting", () => {
    const settings = readSettings({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://site:secret@db.internal:5432/waitlist",
      WAITLIST_RATE_LIMIT: "0",
      WAITLIST_TRUST_PROXY: "1",
      VISIT_COUNTING: "0",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      MAIL_FROM: "Team <hello@example.com>",
      WAITLIST_NOTIFY_TO: "inbox@example.com",
      SITE_URL: "https://www.example.com/",
      WAITLIST_WEBHOOK_URL: "https://hooks.example.com/in",
      WAITLIST_WEBHOOK_SECRET: "0123456789abcdef",
      MAIL_RETRY_BASE_MS: "50",
      MAIL_LEASE_MS: "8000",
    })
    expect(settings).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      store: { kind: "postgres", url: "postgres://site:secret@db.internal:5432/waitlist" },
      rateLimit: 0,
      trustProxy: true,
      countVisits: false,
      mail: {
        smtpUrl: "smtps://user:pass@mail.example.com:465",
        from: { name: "Team", address: "hello@example.com" },
        notifyTo: { name: "", address: "inbox@example.com" },
        siteUrl: "https://www.example.com",
        webhook: { url: "https://hooks.example.com/in", secret: "0123456789abcdef" },
        retryBaseMs: 50,
        leaseMs: 8000,
      },
    })
  })

  it("read a quoted sender's name, and keep it apart from the one address", () => {
    expect(readSettings({ MAIL_FROM: '"Storyling, the app" <hello@example.com>' }).mail.from).toEqual({ name: "Storyling, the app", address: "hello@example.com" })
  })

  it.each([
    [{ WAITLIST_RATE_LIMIT: "abc" }, 'WAITLIST_RATE_LIMIT must be a whole number of submissions a minute, 0 or more (0 turns the limit off), not "abc"'],
    [{ WAITLIST_RATE_LIMIT: "-3" }, 'WAITLIST_RATE_LIMIT must be a whole number of submissions a minute, 0 or more (0 turns the limit off), not "-3"'],
    [{ WAITLIST_RATE_LIMIT: "2.5" }, "WAITLIST_RATE_LIMIT must be a whole number"],
    [{ WAITLIST_TRUST_PROXY: "maybe" }, 'WAITLIST_TRUST_PROXY must be 1 (behind your own proxy) or 0, not "maybe"'],
    [{ VISIT_COUNTING: "off" }, 'VISIT_COUNTING must be 1 (count page views and visitors) or 0 (count nothing), not "off"'],
    [{ DATABASE_URL: "mysql://root:pw@db/waitlist" }, "DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:5432/database (the value given is not shown)"],
    [{ PORT: "99999" }, 'PORT must be a port number from 0 to 65535, not "99999"'],
    [{ PORT: "80a" }, "PORT must be a port number"],
    [{ WAITLIST_MIN_FREE_MB: "lots" }, 'WAITLIST_MIN_FREE_MB must be a number of megabytes, 0 or more (0 turns the floor off), not "lots"'],
    [{ HOST: "local host" }, "HOST must be a host name or IP address"],
    [{ SMTP_URL: "not a url" }, "SMTP_URL must be an SMTP URL starting with smtp:// or smtps:// (the value given is not shown)"],
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL must be an SMTP URL"],
    [{ MAIL_FROM: "Team <hello@example.com>\r\nBcc: x@example.com" }, "MAIL_FROM must be one e-mail address"],
    [{ WAITLIST_NOTIFY_TO: "nobody" }, "WAITLIST_NOTIFY_TO must be one e-mail address"],
    [{ WAITLIST_NOTIFY_TO: "team@example.com, boss@example.com" }, "WAITLIST_NOTIFY_TO must be one e-mail address"],
    [{ WAITLIST_NOTIFY_TO: "Team <team@example.com>, boss@example.com" }, "WAITLIST_NOTIFY_TO must be one e-mail address"],
    [{ MAIL_FROM: "Team <a@example.com, b@example.com>" }, "MAIL_FROM must be one e-mail address"],
    [{ SITE_URL: "ftp://example.com" }, 'SITE_URL must be a URL starting with https:// or http://, not "ftp://example.com"'],
    [{ WAITLIST_WEBHOOK_URL: "https://hooks.example.com/in" }, "WAITLIST_WEBHOOK_SECRET must be a secret of 16 characters or more, set whenever WAITLIST_WEBHOOK_URL is"],
    [{ WAITLIST_WEBHOOK_URL: "https://hooks.example.com/in", WAITLIST_WEBHOOK_SECRET: "short" }, "WAITLIST_WEBHOOK_SECRET must be a secret of 16 characters or more (the value given is not shown)"],
    [{ MAIL_RETRY_BASE_MS: "soon" }, "MAIL_RETRY_BASE_MS must be a whole number of milliseconds, at least 10"],
    [{ MAIL_LEASE_MS: "5" }, 'MAIL_LEASE_MS must be a whole number of milliseconds, at least 10, not "5"'],
  ])("refuse %j in one line naming the variable and what it accepts", (env, message) => {
    let thrown: unknown
    try {
      readSettings(env)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(SettingsError)
    const text = (thrown as Error).message
    expect(text.startsWith(message)).toBe(true)
    expect(text).not.toContain("\n")
    expect(text).not.toMatch(/secret|pass|pw@|short/i.test(message) ? /:secret@|pass@|pw@|"short"/ : /$^/)
  })
})

describe("the README's table of settings", () => {
  it("lists exactly the variables the server reads", () => {
    const readme = fs.readFileSync(path.join(PROJECT_ROOT, "README.md"), "utf8")
    const table = readme.slice(readme.indexOf("| variable | default | meaning |"))
    const rows = table.slice(0, table.indexOf("\n\n")).split("\n").slice(2)
    const listed = rows.map((row) => /^\| `([A-Z_]+)` \|/.exec(row)?.[1])
    expect(listed).toEqual(expect.not.arrayContaining([undefined]))
    expect([...listed].sort()).toEqual([...SETTING_NAMES].sort())
  })
})
