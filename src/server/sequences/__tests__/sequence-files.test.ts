/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { LANGUAGES } from "../../../i18n/languages"
import { PERSON_TOKENS } from "../../markdown-mail/mail-tokens"
import { renderMail } from "../../markdown-mail/render-mail"
import { readSequence, readStep, STEP } from "../sequence-files"

const SITE = "https://storyling.example.com"
const contentDir = path.join(PROJECT_ROOT, "content", "sequences")
const DAY_MS = 24 * 60 * 60 * 1000

describe("the steps in content/sequences", () => {
  const { steps, held } = readSequence(contentDir, SITE)

  it("are a welcome after 2 days and how the stories teach after a week, each in every language, none held", () => {
    expect(held).toEqual([])
    expect(steps.map(({ name, afterMs }) => [name, afterMs / DAY_MS])).toEqual([
      ["welcome", 2],
      ["how-stories-teach", 7],
    ])
    for (const step of steps) expect(step.languages).toEqual(LANGUAGES.map((language) => language.code))
  })

  it.each(steps.flatMap((step) => step.versions.map((version) => [`${step.name}.${version.lang}`, version] as const)))(
    "%s renders with no token left and the reader's values to fill",
    (_name, version) => {
      const rendered = renderMail(version, SITE, 1, STEP)
      expect(`${rendered.subject}${rendered.html}${rendered.text}`).not.toMatch(/\{\{/)
      expect(rendered.html).toContain(PERSON_TOKENS.personalLink.slot)
    },
  )
})

describe("a step's check", () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sequences-"))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))
  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text)
  const step = (after: string, body = "Hi {{name}}, you're number {{place}}: [your place]({{placeLink}})\n") =>
    `---\nsubject: Hi {{name}}\n${after}---\n${body}`
  const problems = () => readStep(dir, "hello", SITE).problems

  it("takes a sound step, with a translation that leaves after out and one that repeats it", () => {
    write("hello.md", step("after: 30 seconds\n"))
    write("hello.es.md", step(""))
    write("hello.ja.md", step("after: 30 seconds\n"))
    expect(readStep(dir, "hello", SITE)).toMatchObject({
      problems: [],
      step: { name: "hello", afterMs: 30_000, languages: ["en", "es", "ja"] },
    })
  })

  it.each([
    [
      "no after",
      [["hello.md", step("")]],
      ["hello.md has no after: write how long after a person's confirmation the step goes, such as `after: 2 days`"],
    ],
    [
      "an after of no known unit",
      [["hello.md", step("after: 2 fortnights\n")]],
      [
        'hello.md: line 3: its after "2 fortnights" is not a whole number and seconds, minutes, hours, days or weeks, such as `2 days` or `1 week`, at most a year',
      ],
    ],
    [
      "a translation with another after",
      [
        ["hello.md", step("after: 2 days\n")],
        ["hello.fr.md", step("after: 1 week\n")],
      ],
      [
        "hello.fr.md: line 3: its after (1 week) is not hello.md's (2 days): a translation leaves after out, or repeats it",
      ],
    ],
    [
      "a launch day the site's facts do not plan",
      [["hello.md", step("after: 2 days\n", "We launch on {{launchDate:appStore}}.\n")]],
      [
        "hello.md: line 5: {{launchDate:appStore}} has no value: src/config/site-facts.ts plans no launch day on App Store (launchDates.appStore); set one, or leave the sentence out",
      ],
    ],
    [
      "a token no step knows",
      [["hello.md", step("after: 2 days\n", "Hi {{nickname}}\n")]],
      ["hello.md: line 5: unknown token {{nickname}}"],
    ],
  ])("refuses %s, naming the file and line once", (_case, files, expected) => {
    for (const [name, text] of files as [string, string][]) write(name, text)
    expect(problems()).toEqual(expected)
  })

  it("holds a step with a problem, and keeps the others", () => {
    write("hello.md", step("after: 1 day\n"))
    write("broken.md", step("after: soon\n"))
    const { steps, held } = readSequence(dir, SITE)
    expect(steps.map((found) => found.name)).toEqual(["hello"])
    expect(held.map((found) => found.name)).toEqual(["broken"])
  })
})
