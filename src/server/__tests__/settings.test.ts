import { generateKeyPairSync } from "crypto"
import fs from "fs"
import os from "os"
import path from "path"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { siteFacts } from "../../config/site-facts"
import { localLinksNotice, readSettings, SETTING_NAMES, SettingsError, siteUrlOfBuild } from "../settings"

describe("the server's settings", () => {
  it("fall back to the embedded defaults: SQLite under .data, no SMTP server, the support address, links to the local address served", () => {
    expect(readSettings({})).toMatchObject({
      production: false,
      localLinks: true,
      port: 9000,
      host: "localhost",
      metrics: null,
      shutdownTimeoutMs: 10_000,
      log: { level: "info", format: "auto" },
      store: { kind: "sqlite", file: expect.stringMatching(/\.data\/waitlist\.sqlite$/) },
      rateLimit: 5,
      trustProxy: false,
      mail: {
        smtpUrl: null,
        from: { name: siteFacts.appName, address: siteFacts.supportEmail },
        notifyTo: { name: "", address: siteFacts.supportEmail },
        siteUrl: "http://localhost:9000",
        webhook: null,
        outboxDir: expect.stringMatching(/\.data\/outbox$/),
        confirmationReminder: false,
      },
      announcementsDir: path.resolve("content", "announcements"),
      sequencesDir: path.resolve("content", "sequences"),
    })
  })

  it("link mails to the local address the server serves when SITE_URL is unset outside production, and say so", () => {
    for (const [env, siteUrl] of [
      [{ PORT: "8080" }, "http://localhost:8080"],
      [{ HOST: "0.0.0.0", PORT: "9100" }, "http://localhost:9100"],
      [{ HOST: "127.0.0.1" }, "http://127.0.0.1:9000"],
      [{ HOST: "::1" }, "http://[::1]:9000"],
      [{ NODE_ENV: "development" }, "http://localhost:9000"],
    ] as const) {
      const settings = readSettings(env)
      expect(settings).toMatchObject({ localLinks: true, mail: { siteUrl } })
      expect(localLinksNotice(settings)).toBe(
        `SITE_URL is not set: the links in mails go to ${siteUrl}, where this machine serves the site (set SITE_URL to its public address in production)`,
      )
    }
  })

  it("link mails to SITE_URL when it is set, in production too, and say nothing of it", () => {
    const settings = readSettings({ NODE_ENV: "production", SITE_URL: "https://www.example.com/" })
    expect(settings).toMatchObject({
      production: true,
      localLinks: false,
      mail: { siteUrl: "https://www.example.com" },
    })
    expect(localLinksNotice(settings)).toBeNull()
  })

  it("make a build's pages for SITE_URL when the build is given one, else for the site's public address", () => {
    expect(siteUrlOfBuild({ SITE_URL: "http://localhost:9000/" })).toBe("http://localhost:9000")
    expect(siteUrlOfBuild({ SITE_URL: " ", NODE_ENV: "production" })).toBe(siteFacts.siteUrl)
    expect(siteUrlOfBuild({})).toBe(siteFacts.siteUrl)
    expect(() => siteUrlOfBuild({ SITE_URL: "storyling.example.com" })).toThrow(
      new SettingsError(
        'SITE_URL must be a URL starting with https:// or http://, without a user or password, not "storyling.example.com"',
      ),
    )
  })

  it("take a plain http SITE_URL in production only on this machine (localhost, 127.0.0.0/8, ::1), whose links one-click may follow", () => {
    for (const siteUrl of ["http://localhost:9000", "http://127.0.0.1:8080", "http://127.8.9.10", "http://[::1]:9000"])
      expect(readSettings({ NODE_ENV: "production", SITE_URL: siteUrl }).mail.siteUrl).toBe(siteUrl)
    expect(readSettings({ SITE_URL: "http://storyling.example.com" }).mail.siteUrl).toBe("http://storyling.example.com")
  })

  it("read DNS_SERVERS as the servers a resolver is given, each with its port", () => {
    expect(readSettings({}).dnsServers).toBeNull()
    expect(readSettings({ DNS_SERVERS: "127.0.0.1:5353, 192.0.2.53, [::1]:53" }).dnsServers).toEqual([
      "127.0.0.1:5353",
      "192.0.2.53",
      "[::1]:53",
    ])
  })

  it("read the rewards' file and how long a credit holds before it counts, a day by default, 0 and fractions allowed", () => {
    expect(readSettings({}).rewards).toEqual({
      file: path.resolve("content", "rewards.md"),
      holdMs: 24 * 60 * 60 * 1000,
    })
    expect(readSettings({ REWARDS_FILE: "/srv/rewards.md", REWARD_HOLD_HOURS: "0" }).rewards).toEqual({
      file: "/srv/rewards.md",
      holdMs: 0,
    })
    expect(readSettings({ REWARD_HOLD_HOURS: "0.0025" }).rewards.holdMs).toBe(9000)
    expect(readSettings({ REWARD_HOLD_HOURS: "72" }).rewards.holdMs).toBe(72 * 60 * 60 * 1000)
  })

  it("treat an empty or blank value as unset", () => {
    expect(readSettings({ PORT: " ", WAITLIST_RATE_LIMIT: "", SMTP_URL: "", VISIT_COUNTING: "" })).toMatchObject({
      port: 9000,
      rateLimit: 5,
      countVisits: true,
      mail: { smtpUrl: null },
    })
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
      METRICS_PORT: "9464",
      METRICS_HOST: "10.0.0.5",
      SHUTDOWN_TIMEOUT_MS: "25000",
      LOG_LEVEL: "WARN",
      LOG_FORMAT: "json",
      ANNOUNCEMENTS_DIR: "/srv/mail/announcements",
      SEQUENCES_DIR: "/srv/mail/sequences",
      CONFIRMATION_REMINDER: "1",
    })
    expect(settings).toMatchObject({
      announcementsDir: "/srv/mail/announcements",
      sequencesDir: "/srv/mail/sequences",
      port: 8080,
      host: "0.0.0.0",
      metrics: { port: 9464, host: "10.0.0.5" },
      shutdownTimeoutMs: 25_000,
      log: { level: "warn", format: "json" },
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
        confirmationReminder: true,
      },
    })
  })

  it("read a quoted sender's name, and keep it apart from the one address", () => {
    expect(readSettings({ MAIL_FROM: '"Storyling, the app" <hello@example.com>' }).mail.from).toEqual({
      name: "Storyling, the app",
      address: "hello@example.com",
    })
  })

  it.each([
    [
      { WAITLIST_RATE_LIMIT: "abc" },
      'WAITLIST_RATE_LIMIT must be a whole number of submissions a minute, 0 or more (0 turns the limit off), not "abc"',
    ],
    [
      { WAITLIST_RATE_LIMIT: "-3" },
      'WAITLIST_RATE_LIMIT must be a whole number of submissions a minute, 0 or more (0 turns the limit off), not "-3"',
    ],
    [{ WAITLIST_RATE_LIMIT: "2.5" }, "WAITLIST_RATE_LIMIT must be a whole number"],
    [{ WAITLIST_TRUST_PROXY: "maybe" }, 'WAITLIST_TRUST_PROXY must be 1 (behind your own proxy) or 0, not "maybe"'],
    [
      { VISIT_COUNTING: "off" },
      'VISIT_COUNTING must be 1 (count page views and visitors) or 0 (count nothing), not "off"',
    ],
    [
      { CONFIRMATION_REMINDER: "yes" },
      'CONFIRMATION_REMINDER must be 1 (remind an unconfirmed address once, a day after it signed up) or 0 (never), not "yes"',
    ],
    [
      { DATABASE_URL: "mysql://root:pw@db/waitlist" },
      "DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:5432/database (the value given is not shown)",
    ],
    [{ PORT: "99999" }, 'PORT must be a port number from 0 to 65535, not "99999"'],
    [{ PORT: "80a" }, "PORT must be a port number"],
    [
      { WAITLIST_MIN_FREE_MB: "lots" },
      'WAITLIST_MIN_FREE_MB must be a number of megabytes, 0 or more (0 turns the floor off), not "lots"',
    ],
    [{ HOST: "local host" }, "HOST must be a host name or IP address"],
    [
      { SMTP_URL: "not a url" },
      "SMTP_URL must be an SMTP URL starting with smtp:// or smtps:// (the value given is not shown)",
    ],
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL must be an SMTP URL"],
    [{ MAIL_FROM: "Team <hello@example.com>\r\nBcc: x@example.com" }, "MAIL_FROM must be one e-mail address"],
    [{ WAITLIST_NOTIFY_TO: "nobody" }, "WAITLIST_NOTIFY_TO must be one e-mail address"],
    [{ WAITLIST_NOTIFY_TO: "team@example.com, boss@example.com" }, "WAITLIST_NOTIFY_TO must be one e-mail address"],
    [
      { WAITLIST_NOTIFY_TO: "Team <team@example.com>, boss@example.com" },
      "WAITLIST_NOTIFY_TO must be one e-mail address",
    ],
    [{ MAIL_FROM: "Team <a@example.com, b@example.com>" }, "MAIL_FROM must be one e-mail address"],
    [
      { SITE_URL: "ftp://example.com" },
      'SITE_URL must be a URL starting with https:// or http://, without a user or password, not "ftp://example.com"',
    ],
    [
      { NODE_ENV: "production" },
      `SITE_URL must be set in production (NODE_ENV=production) to the address visitors reach the site at, such as ${siteFacts.siteUrl}: the links in mails go there`,
    ],
    [{ NODE_ENV: "production", SITE_URL: " " }, "SITE_URL must be set in production (NODE_ENV=production)"],
    [
      { NODE_ENV: "production", SITE_URL: "http://storyling.example.com" },
      'SITE_URL must be an https:// address in production (NODE_ENV=production), since one-click unsubscribe (RFC 8058) takes no plain http link; http:// only on this machine (localhost, 127.0.0.0/8, ::1), not "http://storyling.example.com"',
    ],
    [
      { NODE_ENV: "production", SITE_URL: "http://127.0.0.1.example.com" },
      "SITE_URL must be an https:// address in production",
    ],
    [
      { NODE_ENV: "production", SITE_URL: "http://10.0.0.7:9000" },
      "SITE_URL must be an https:// address in production",
    ],
    [{ DNS_SERVERS: "dns.example.com" }, "DNS_SERVERS must be a comma-separated list of DNS servers' IP addresses"],
    [{ DNS_SERVERS: "192.0.2.53:99999" }, "DNS_SERVERS must be a comma-separated list"],
    [{ DNS_SERVERS: "192.0.2.53,,10.0.0.1" }, "DNS_SERVERS must be a comma-separated list"],
    [
      { REWARD_HOLD_HOURS: "-1" },
      'REWARD_HOLD_HOURS must be a number of hours from 0 to 8760, whole or with up to 4 decimals (0 counts a credit at once), not "-1"',
    ],
    [{ REWARD_HOLD_HOURS: "1e3" }, "REWARD_HOLD_HOURS must be a number of hours from 0 to 8760"],
    [{ REWARD_HOLD_HOURS: "9000" }, "REWARD_HOLD_HOURS must be a number of hours from 0 to 8760"],
    [{ PORT: "0" }, "SITE_URL must be set when PORT is 0: the links in mails need the port the site is served on"],
    [
      { WAITLIST_WEBHOOK_URL: "https://hooks.example.com/in" },
      "WAITLIST_WEBHOOK_SECRET must be a secret of 16 characters or more, set whenever WAITLIST_WEBHOOK_URL is",
    ],
    [
      { WAITLIST_WEBHOOK_URL: "https://hooks.example.com/in", WAITLIST_WEBHOOK_SECRET: "short" },
      "WAITLIST_WEBHOOK_SECRET must be a secret of 16 characters or more (the value given is not shown)",
    ],
    [{ MAIL_RETRY_BASE_MS: "soon" }, "MAIL_RETRY_BASE_MS must be a whole number of milliseconds, at least 10"],
    [{ MAIL_LEASE_MS: "5" }, 'MAIL_LEASE_MS must be a whole number of milliseconds, at least 10, not "5"'],
    [{ METRICS_PORT: "70000" }, 'METRICS_PORT must be a port number from 0 to 65535, not "70000"'],
    [
      { METRICS_PORT: "9000" },
      'METRICS_PORT must be a port other than the site\'s (PORT is 9000): the metrics are never served to visitors, not "9000"',
    ],
    [{ PORT: "8080", METRICS_PORT: "8080" }, "METRICS_PORT must be a port other than the site's (PORT is 8080)"],
    [{ METRICS_HOST: "local host" }, "METRICS_HOST must be a host name or IP address to listen on, without spaces"],
    [
      { SHUTDOWN_TIMEOUT_MS: "10s" },
      'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, at least 100, not "10s"',
    ],
    [{ SHUTDOWN_TIMEOUT_MS: "50" }, "SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, at least 100"],
    [
      { LOG_LEVEL: "verbose" },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"',
    ],
    [
      { LOG_FORMAT: "xml" },
      'LOG_FORMAT must be auto (readable on a terminal, JSON otherwise), json or pretty, not "xml"',
    ],
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

describe("the settings of announcements, bounces and DKIM", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "settings-"))
  const keyFile = path.join(dir, "dkim.pem")
  fs.writeFileSync(
    keyFile,
    generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }),
  )
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("default to 10 mails a second, no hourly limit, no bounce address, mailbox or signature", () => {
    expect(readSettings({})).toMatchObject({
      mail: { rate: { perSecond: 10, perHour: 0 }, bounceAddress: null, dkim: null },
      bounceMailbox: null,
    })
  })

  it("read the rate, the bounce address and mailbox, and the DKIM key", () => {
    const settings = readSettings({
      MAIL_RATE_PER_SECOND: "25",
      MAIL_RATE_PER_HOUR: "20000",
      BOUNCE_ADDRESS: "bounces@example.com",
      BOUNCE_IMAP_URL: "imaps://bounces%40example.com:secret@imap.example.com:993/INBOX",
      BOUNCE_IMAP_POLL_SECONDS: "30",
      DKIM_DOMAIN: "Example.com",
      DKIM_SELECTOR: "mail2027",
      DKIM_PRIVATE_KEY_PATH: keyFile,
    })
    expect(settings.mail).toMatchObject({
      rate: { perSecond: 25, perHour: 20000 },
      bounceAddress: "bounces@example.com",
      dkim: { domainName: "example.com", keySelector: "mail2027", privateKey: expect.stringContaining("PRIVATE KEY") },
    })
    expect(settings.bounceMailbox).toEqual({
      url: "imaps://bounces%40example.com:secret@imap.example.com:993/INBOX",
      pollMs: 30_000,
    })
  })

  it.each([
    [
      { MAIL_RATE_PER_SECOND: "fast" },
      'MAIL_RATE_PER_SECOND must be a whole number of mails a second from 0 to 1000 (0 turns the limit off), not "fast"',
    ],
    [{ MAIL_RATE_PER_HOUR: "-1" }, "MAIL_RATE_PER_HOUR must be a whole number of mails an hour"],
    [{ BOUNCE_ADDRESS: "bounces+x@example.com" }, "BOUNCE_ADDRESS must be one bare e-mail address without a + in it"],
    [{ BOUNCE_ADDRESS: "Bounces <bounces@example.com>" }, "BOUNCE_ADDRESS must be one bare e-mail address"],
    [
      { BOUNCE_IMAP_URL: "imaps://imap.example.com/INBOX" },
      "BOUNCE_IMAP_URL must be an IMAP URL with the mailbox's user and password",
    ],
    [{ BOUNCE_IMAP_URL: "https://user:pw@imap.example.com" }, "(or imap://) (the value given is not shown)"],
    [{ BOUNCE_IMAP_POLL_SECONDS: "0" }, "BOUNCE_IMAP_POLL_SECONDS must be a whole number of seconds from 1 to 86400"],
    [
      { DKIM_DOMAIN: "example.com" },
      "DKIM_SELECTOR must be set with DKIM_DOMAIN and DKIM_PRIVATE_KEY_PATH: DKIM needs all three",
    ],
    [
      { DKIM_DOMAIN: "example.com", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY_PATH: "/nowhere/dkim.pem" },
      "DKIM_PRIVATE_KEY_PATH must be the path of a readable private key file in PEM",
    ],
    [
      { DKIM_DOMAIN: "not a domain", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY_PATH: keyFile },
      "DKIM_DOMAIN must be a domain name",
    ],
  ])("refuse %j in one line", (env, message) => {
    expect(() => readSettings(env)).toThrow(message)
  })
})

describe("a URL setting that is not meant to carry a password", () => {
  const secret = "hunter2-of-the-hook"

  it.each([
    [
      {
        WAITLIST_WEBHOOK_URL: `https://ops:${secret}@hooks.example.com/in`,
        WAITLIST_WEBHOOK_SECRET: "0123456789abcdef",
      },
      "WAITLIST_WEBHOOK_URL must be a URL starting with https:// or http://, without a user or password (the events are signed with WAITLIST_WEBHOOK_SECRET) (the value given is not shown)",
    ],
    [
      { WAITLIST_WEBHOOK_URL: `https://:${secret}@hooks.example.com/in`, WAITLIST_WEBHOOK_SECRET: "0123456789abcdef" },
      "WAITLIST_WEBHOOK_URL must be a URL starting with https:// or http://, without a user or password",
    ],
    [
      { SITE_URL: `https://admin:${secret}@www.example.com` },
      "SITE_URL must be a URL starting with https:// or http://, without a user or password (the value given is not shown)",
    ],
    [
      {
        WAITLIST_WEBHOOK_URL: `htps://ops:${secret}@hooks.example.com/in`,
        WAITLIST_WEBHOOK_SECRET: "0123456789abcdef",
      },
      "(the value given is not shown)",
    ],
    [{ SITE_URL: `ftp://ops:${secret}@example.com` }, "(the value given is not shown)"],
  ])("is refused at start by a line naming it and never its password: %j", (env, message) => {
    let line = ""
    try {
      readSettings(env)
    } catch (error) {
      line = (error as Error).message
    }
    expect(line).toContain(message)
    expect(line).not.toContain(secret)
  })

  it("keeps a webhook's URL whose query holds an address, as given", () => {
    const settings = readSettings({
      WAITLIST_WEBHOOK_URL: "https://hooks.example.com/in?for=team@example.com",
      WAITLIST_WEBHOOK_SECRET: "0123456789abcdef",
    })
    expect(settings.mail.webhook?.url).toBe("https://hooks.example.com/in?for=team@example.com")
  })
})

describe("the table of settings in docs/operating.md", () => {
  it("lists exactly the variables the server reads", () => {
    const operating = fs.readFileSync(path.join(PROJECT_ROOT, "docs", "operating.md"), "utf8")
    const table = operating.slice(operating.indexOf("| variable | default | meaning |"))
    const rows = table.slice(0, table.indexOf("\n\n")).split("\n").slice(2)
    const listed = rows.map((row) => /^\| `([A-Z_]+)` \|/.exec(row)?.[1])
    expect(listed).toEqual(expect.not.arrayContaining([undefined]))
    expect([...listed].sort()).toEqual([...SETTING_NAMES].sort())
  })
})
