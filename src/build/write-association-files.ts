import fs from "fs"
import path from "path"
import { ASSOCIATION_PATHS, type Associations } from "../app-links/association-files"

/**
 * Writes the association files into the built site, and removes one an
 * earlier build wrote whose facts are no longer filled in (public/ outlives
 * a build), so the site never serves a stale one.
 * @param publicDir the folder `gatsby build` fills
 * @returns the paths written, as the site serves them
 */
export function writeAssociationFiles(publicDir: string, { files }: Pick<Associations, "files">): string[] {
  for (const servedAt of Object.values(ASSOCIATION_PATHS)) fs.rmSync(path.join(publicDir, servedAt), { force: true })
  for (const { path: servedAt, json } of files) {
    fs.mkdirSync(path.dirname(path.join(publicDir, servedAt)), { recursive: true })
    fs.writeFileSync(path.join(publicDir, servedAt), `${JSON.stringify(json, null, 2)}\n`)
  }
  return files.map((file) => file.path)
}
