import type { Content, Root } from "mdast"
import toText from "mdast-util-to-string"

/** The kinds of block a legal text is compared by. */
export type BlockKind = "heading" | "paragraph" | "item"

/**
 * A block of a legal text as a reader sees it: its rendered text (tokens
 * filled, Markdown syntax gone), and for a heading its level (2 for `##`),
 * for a list item its depth (1 for a top-level item).
 */
export type LegalBlock = { kind: BlockKind; level?: number; text: string }

const flat = (node: Content | Content[]) => toText(node).replace(/\s+/g, " ").trim()

function blocksOf(node: Content, depth: number): LegalBlock[] {
  switch (node.type) {
    case "heading":
      return [{ kind: "heading", level: node.depth, text: flat(node) }]
    case "list":
      return node.children.flatMap((item) => blocksOf(item, depth + 1))
    case "listItem": {
      const own = node.children.filter((child) => child.type !== "list")
      const nested = node.children.filter((child) => child.type === "list")
      return [
        { kind: "item" as const, level: depth, text: own.map(flat).join(" ") },
        ...nested.flatMap((child) => blocksOf(child, depth)),
      ]
    }
    case "blockquote":
      return node.children.flatMap((child) => blocksOf(child, depth))
    default: {
      const text = flat(node)
      return text ? [{ kind: "paragraph", text }] : []
    }
  }
}

/**
 * A legal text's Markdown tree (see parseLegalMarkdown) as the blocks a
 * reader meets in order: headings, paragraphs and list items, nested list
 * items after their parent, quotes as the paragraphs they hold.
 */
export function legalBlocks(tree: Root): LegalBlock[] {
  return tree.children.flatMap((child) => blocksOf(child, 0))
}
