/**
 * @jest-environment node
 *
 * The docs cannot drift silently: every relative link of README.md and
 * docs/*.md names a file or folder of the repository, and every `#anchor` a
 * heading of the document it points into, by GitHub's rules for heading
 * slugs (github-slugger, which GitHub's own renderer follows).
 */
import fs from "fs"
import path from "path"
import GithubSlugger from "github-slugger"
import remark from "remark"
import remarkGfm from "remark-gfm"
import type { Heading, Link, Root } from "mdast"
import toString from "mdast-util-to-string"
import visit from "unist-util-visit"

const ROOT = path.join(__dirname, "..", "..")

/** The documents a reader follows links through: the README and every document of docs/. */
const DOCUMENTS = [
  "README.md",
  ...fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
]

const parse = (file: string): Root =>
  remark()
    .use(remarkGfm)
    .parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as Root

const anchorsByFile = new Map<string, Set<string>>()

/** The anchors GitHub gives a document's headings, a repeated one numbered (`-1`, `-2`) as GitHub numbers it. */
function anchorsOf(file: string): Set<string> {
  const known = anchorsByFile.get(file)
  if (known) return known
  const slugger = new GithubSlugger()
  const anchors = new Set<string>()
  visit(parse(file), "heading", (heading: Heading) => void anchors.add(slugger.slug(toString(heading))))
  anchorsByFile.set(file, anchors)
  return anchors
}

/** Every link and image of a document that stays in the repository: no scheme, no protocol-relative address. */
function relativeLinksOf(file: string): string[] {
  const urls: string[] = []
  visit(parse(file), ["link", "image", "definition"], (node) => void urls.push((node as Link).url))
  return urls.filter((url) => !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith("//"))
}

/** What is wrong with a link of a document, or null when it leads where it says. */
function problemOf(file: string, url: string): string | null {
  const hash = url.indexOf("#")
  const target = hash === -1 ? url : url.slice(0, hash)
  const anchor = hash === -1 ? null : decodeURIComponent(url.slice(hash + 1))
  const targetFile = target === "" ? file : path.relative(ROOT, path.join(ROOT, path.dirname(file), target))
  if (!fs.existsSync(path.join(ROOT, targetFile))) return `${url}: ${targetFile} does not exist`
  if (anchor === null) return null
  if (!targetFile.endsWith(".md")) return `${url}: an anchor into a file that is no Markdown document`
  return anchorsOf(targetFile).has(anchor) ? null : `${url}: ${targetFile} has no heading whose anchor is #${anchor}`
}

describe("the docs' links", () => {
  it.each(DOCUMENTS)("%s: every relative link and anchor leads to a file and a heading that exist", (file) => {
    const broken = relativeLinksOf(file)
      .map((url) => problemOf(file, url))
      .filter((problem) => problem !== null)
    expect(broken).toEqual([])
  })

  it("reads anchors as GitHub makes them: lower case, punctuation dropped, spaces as hyphens, repeats numbered", () => {
    const slugger = new GithubSlugger()
    expect(["The links' tokens", "A phone on `/get`", "Options", "Options"].map((text) => slugger.slug(text))).toEqual([
      "the-links-tokens",
      "a-phone-on-get",
      "options",
      "options-1",
    ])
  })
})
