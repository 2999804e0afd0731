import fs from "fs"
import path from "path"
import { parseFrontmatterYaml } from "../../src/content/frontmatter-yaml"
import { PROJECT_ROOT } from "./project-root"

/** A Markdown file of content/ as the build reads it: its frontmatter parsed, and its body. */
export type ContentFile = { frontmatter: Record<string, unknown>; body: string }

/**
 * Reads a file of content/ the way gatsby-transformer-remark does: the YAML
 * between the opening and closing `---` lines, parsed with the build's own
 * engine, and the Markdown after it.
 * @param relativePath the file's path under content/, such as "legal/privacy-policy.md"
 */
export function readContentFile(relativePath: string): ContentFile {
  const text = fs.readFileSync(path.join(PROJECT_ROOT, "content", relativePath), "utf8").replace(/\r\n/g, "\n")
  if (!text.startsWith("---\n")) return { frontmatter: {}, body: text }
  const end = text.indexOf("\n---", 4)
  if (end < 0) return { frontmatter: {}, body: text }
  return { frontmatter: parseFrontmatterYaml(text.slice(4, end)), body: text.slice(text.indexOf("\n", end + 1) + 1) }
}
