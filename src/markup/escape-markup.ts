const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" }

/**
 * Text made safe to write into XML or HTML, in element content and in
 * quoted attributes alike: the five characters markup gives a meaning
 * written as entities. (The build's SVG, sitemap and mails use it.)
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
}
