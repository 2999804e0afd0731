import { CORE_SCHEMA, load } from "js-yaml"

/**
 * The YAML engine gatsby-transformer-remark hands gray-matter (its
 * `engines.yaml` option) for the frontmatter of content/: YAML's core
 * schema, which has no timestamp type. A date then stays the text it was
 * written as, so the build can refuse "2025-02-30" by name instead of
 * showing the March 2 that YAML's default schema quietly rolls it over to.
 * Everything else (multi-line strings, lists, quoting) is YAML as usual.
 *
 * gatsby-transformer-remark passes its options to gray-matter, whose
 * `engines` option this is; the transformer's own option schema does not
 * list it, so Gatsby prints "unknown plugin options ... engines" at start.
 * That warning is expected (transformer-options.test.ts checks the engine
 * is the one gatsby-config hands over).
 */
export function parseFrontmatterYaml(text: string): Record<string, unknown> {
  const data = load(text, { schema: CORE_SCHEMA })
  return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
}
