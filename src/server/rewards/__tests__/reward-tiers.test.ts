import fs from "fs"
import os from "os"
import path from "path"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { LANGUAGES } from "../../../i18n/languages"
import { rewardTiers, wordsFile } from "../reward-tiers"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reward-tiers-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const WORDS = "## early-access\n\nEarly access\n\nYou read first.\n\n## premium\n\nPremium\n\nA month, free.\n"
const FRONTMATTER =
  "---\ntiers:\n  - { name: early-access, friends: 3, codes: false }\n  - { name: premium, friends: 10, codes: true }\n---\n"

let made = 0
/** A rewards file and its translations in a folder of their own; `english` and `translation` replace what they would hold. */
function files({ english = FRONTMATTER + WORDS, translation = WORDS }: { english?: string; translation?: string }) {
  const file = path.join(dir, `${(made += 1)}`, "rewards.md")
  fs.mkdirSync(path.dirname(file))
  for (const { code } of LANGUAGES) fs.writeFileSync(wordsFile(file, code), code === "en" ? english : translation)
  return file
}

describe("the rewards' file", () => {
  it("ships with early access at 3 friends without codes and premium at 10 with codes, in every language", () => {
    const tiers = rewardTiers(path.join(PROJECT_ROOT, "content", "rewards.md"))
    expect(tiers.problems).toEqual([])
    expect(tiers.tiers).toEqual([
      { name: "early-access", friends: 3, codes: false },
      { name: "premium", friends: 10, codes: true },
    ])
    for (const { code } of LANGUAGES) expect(Object.keys(tiers.words[code])).toEqual(["early-access", "premium"])
    expect(tiers.words.en["early-access"]?.title).toBe("Early access to Storyling")
  })

  it("reads each tier's title and words, tokens filled, a paragraph's lines joined", () => {
    const file = files({ english: FRONTMATTER + WORDS.replace("You read first.", "You read\n{{appName}} first.") })
    expect(rewardTiers(file).words.en).toEqual({
      "early-access": { title: "Early access", paragraphs: ["You read Storyling first."] },
      premium: { title: "Premium", paragraphs: ["A month, free."] },
    })
  })

  it.each([
    [
      "a tier that takes no more friends than the one before",
      { english: FRONTMATTER.replace("friends: 10", "friends: 3") + WORDS },
      "rewards.md, line 4: tier 2 (premium): each tier takes more friends than the one before it",
    ],
    [
      "a tier without a whole number of friends",
      { english: FRONTMATTER.replace("friends: 3", "friends: three") + WORDS },
      "rewards.md, line 3: tier 1 (early-access): friends is a whole number from 1 to 10000",
    ],
    [
      "an unknown field",
      { english: FRONTMATTER.replace("---\ntiers", "---\ntitle: x\ntiers") + WORDS },
      "rewards.md, line 2: unknown field title (the file has tiers)",
    ],
    [
      "a link in the words",
      { translation: WORDS.replace("You read first.", "Read [more](https://example.com).") },
      "rewards.es.md, line 5: a reward's words are plain paragraphs (no headings but ## <name>, links, lists or formatting)",
    ],
    [
      "an unknown token",
      { english: FRONTMATTER + WORDS.replace("A month, free.", "A month of {{price}}.") },
      "rewards.md, line 16: unknown token {{price}}",
    ],
    [
      "a section of no tier",
      { translation: `${WORDS}\n## platinum\n\nNo\n\nSuch tier.\n` },
      'rewards.es.md, line 13: "## platinum" names no tier of rewards.md',
    ],
    [
      "a tier without its section",
      { translation: WORDS.slice(0, WORDS.indexOf("## premium")) },
      "rewards.es.md: there is no section `## premium`",
    ],
    [
      "a tier with a title and no words",
      { translation: WORDS.replace("\n\nA month, free.", "") },
      "rewards.es.md, line 7: premium has a title (its first paragraph) and at least one paragraph of what it gives",
    ],
  ])("names the file and line of %s", (_problem, contents, problem) => {
    expect(rewardTiers(files(contents)).problems).toContain(problem)
  })

  it("names a translation that is missing", () => {
    const file = files({})
    fs.rmSync(wordsFile(file, "ja"))
    expect(rewardTiers(file).problems).toEqual([`there is no ${wordsFile(file, "ja")}`])
  })

  it("reads a file again once it changed", () => {
    const file = files({})
    expect(rewardTiers(file).problems).toEqual([])
    fs.writeFileSync(file, FRONTMATTER.replace("friends: 10", "friends: 2") + WORDS)
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000))
    expect(rewardTiers(file).problems).toContain(
      "rewards.md, line 4: tier 2 (premium): each tier takes more friends than the one before it",
    )
  })
})
