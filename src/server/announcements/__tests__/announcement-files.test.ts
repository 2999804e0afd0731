import fs from "fs"
import os from "os"
import path from "path"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { LANGUAGES } from "../../../i18n/languages"
import { readAnnouncement } from "../announcement-files"
import { mailSlugs } from "../../markdown-mail/mail-files"
import { NAME_SLOT } from "../../markdown-mail/mail-tokens"
import { renderMail } from "../../markdown-mail/render-mail"

const SITE = "https://storyling.example.com"
const contentDir = path.join(PROJECT_ROOT, "content", "announcements")

describe("the announcements in content/announcements", () => {
  const slugs = mailSlugs(contentDir)

  it("include the launch announcement, in every language of the site", () => {
    expect(slugs).toContain("launch")
    expect(readAnnouncement(contentDir, "launch", SITE).versions.map((version) => version.lang)).toEqual(
      LANGUAGES.map((language) => language.code),
    )
  })

  it.each(slugs)(
    "%s has a subject in every language, the English version's links and tokens in each, and no unknown token",
    (slug) => {
      const { problems, versions } = readAnnouncement(contentDir, slug, SITE)
      expect(problems).toEqual([])
      for (const version of versions) {
        const rendered = renderMail(version, SITE)
        expect(rendered.subject).not.toBe("")
        expect(rendered.text).not.toMatch(/\{\{/)
        expect(rendered.html).not.toMatch(/\{\{/)
      }
    },
  )
})

describe("an announcement's check", () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "announcements-"))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))
  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text)
  const english =
    '---\nsubject: "{{name}}, it is here"\n---\nHi {{name}}, get [the app]({{appStoreUrl}}) or [write to us](/contact). {{supportEmail}}\n'
  const problems = () => readAnnouncement(dir, "news", SITE).problems

  it("passes a sound announcement, pointing site paths at the reader's language and store tokens at the stores", () => {
    write("news.md", english)
    write(
      "news.es.md",
      '---\nsubject: "{{name}}, ya está aquí"\n---\nHola {{name}}, baja [la app]({{appStoreUrl}}) o [escríbenos](/contact). {{supportEmail}}\n',
    )
    const { versions } = readAnnouncement(dir, "news", SITE)
    expect(problems()).toEqual([])
    const spanish = renderMail(versions[1] ?? versions[0]!, SITE)
    expect(spanish.html).toContain('href="https://storyling.example.com/es/contact"')
    expect(spanish.html).toContain('href="https://apps.apple.com/app/id0000000000"')
    expect(spanish.subject).toBe(`${NAME_SLOT}, ya está aquí`)
  })

  it.each([
    ["no English version", [["news.es.md", english]], /every announcement has an English version/],
    ["no subject", [["news.md", "---\npreheader: x\n---\nHi\n"]], /news\.md: it has no subject/],
    ["no frontmatter", [["news.md", "Hi\n"]], /has no frontmatter/],
    ["a misspelt field", [["news.md", "---\nsubjet: Hi\n---\nHi\n"]], /unknown field subjet/],
    [
      "an unknown token",
      [["news.md", "---\nsubject: Hi\n---\nHi {{firstName}}\n"]],
      /news\.md: line 4: unknown token \{\{firstName\}\}/,
    ],
    [
      "a token a subject cannot hold",
      [["news.md", "---\nsubject: Hi {{provider:store}}\n---\nHi\n"]],
      /subject holds \{\{provider:store\}\}/,
    ],
    [
      "raw HTML",
      [["news.md", '---\nsubject: Hi\n---\nHi <img src="https://tracker.example/p.gif">\n']],
      /news\.md: line 4 holds raw HTML/,
    ],
    ["an image", [["news.md", "---\nsubject: Hi\n---\n![x](https://tracker.example/p.gif)\n"]], /holds an image/],
    [
      "a script link",
      [["news.md", "---\nsubject: Hi\n---\n[win](javascript:alert(1))\n"]],
      /a link to "javascript:alert\(1\)"/,
    ],
    [
      "a protocol-relative link",
      [["news.md", "---\nsubject: Hi\n---\n[x](//evil.example/)\n"]],
      /a link to "\/\/evil\.example\/"/,
    ],
    [
      "a plain http link",
      [["news.md", "---\nsubject: Hi\n---\n[x](http://storyling.app/contact)\n"]],
      /a link to "http:\/\/storyling\.app\/contact": write https:\/\//,
    ],
    [
      "a file of an unknown language",
      [
        ["news.md", english],
        ["news.xx.md", english],
      ],
      /news\.xx\.md: "xx" is not the code of a language/,
    ],
    [
      "a translation that drops a link",
      [
        ["news.md", english],
        ["news.fr.md", '---\nsubject: "{{name}}"\n---\nBonjour {{name}}, [écrivez-nous](/contact). {{supportEmail}}\n'],
      ],
      /news\.fr\.md links to \/contact, and news\.md to \{\{appStoreUrl\}\} \/contact/,
    ],
    [
      "a translation that drops the name",
      [
        ["news.md", english],
        ["news.de.md", "---\nsubject: Hallo\n---\nHallo, [App]({{appStoreUrl}}) [hier](/contact). {{supportEmail}}\n"],
      ],
      /news\.de\.md has the tokens \{\{supportEmail\}\}, and news\.md has \{\{name\}\} \{\{supportEmail\}\}/,
    ],
    ["a subject on two lines", [["news.md", "---\nsubject: |\n  Hi\n  there\n---\nHi\n"]], /subject must be one line/],
    ["a file over 128 KB", [["news.md", `---\nsubject: Hi\n---\n${"a".repeat(140 * 1024)}\n`]], /larger than 128 KB/],
    [
      "Markdown nested 40 levels deep",
      [["news.md", `---\nsubject: Hi\n---\n${"> ".repeat(40)}deep\n`]],
      /nests more than 16 levels deep/,
    ],
    ["the name's private character", [["news.md", `---\nsubject: Hi\n---\nHi ${NAME_SLOT}\n`]], /U\+E000/],
  ])("refuses %s, saying where", (_case, files, problem) => {
    for (const [name, text] of files as [string, string][]) write(name, text)
    expect(problems().join("\n")).toMatch(problem as RegExp)
  })

  it("names each problem once, on the line of the file that holds it", () => {
    write(
      "news.md",
      "---\nsubject: Hi\n# Shown under the subject in the inbox:\npreheader: Our news, in short\n---\n\nHi {{name}},\n\nthis is <b>bold</b>, and {{firstName}} {{firstName}}.\n\n![x](https://tracker.example/p.gif)\n",
    )
    expect(problems()).toEqual([
      "news.md: line 9 holds raw HTML: an announcement is Markdown only",
      "news.md: line 9: unknown token {{firstName}}",
      "news.md: line 11 holds an image: an announcement is text and links",
    ])
  })

  it("reads no file for a name that is not an announcement's", () => {
    write("news.md", english)
    for (const slug of ["../news", "news/../../etc/passwd", "News", "", "-news"]) {
      expect(readAnnouncement(dir, slug, SITE).problems[0]).toMatch(/is not an announcement's name/)
    }
  })

  it("escapes a reader's markup in the HTML mail", async () => {
    const { listMail } = await import("../../markdown-mail/list-mail")
    const { readSettings } = await import("../../settings")
    write("news.md", english)
    const rendered = renderMail(readAnnouncement(dir, "news", SITE).versions[0]!, SITE)
    const mail = listMail(
      rendered,
      {
        // Markup and a line break, but no address (a name holding one is not shown at all: see shown-name.ts).
        name: '<b>"Eve"</b>\r\nBcc: Eve',
        email: "eve@example.com",
        leaveUrl: `${SITE}/api/waitlist-leave?token=t&lang=en`,
      },
      readSettings({}).mail,
      "<id@storyling.example.com>",
      { campaign: "announcement" },
    )
    expect(mail.html).toContain("&lt;b&gt;&quot;Eve&quot;&lt;/b&gt;")
    expect(mail.html).not.toContain("<b>")
    expect(mail.subject).toBe('<b>"Eve"</b> Bcc: Eve, it is here')
    expect(mail.headers["List-Unsubscribe"]).toBe(`<${SITE}/api/waitlist-leave?token=t&lang=en>`)
  })
})
