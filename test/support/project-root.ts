import path from "path"

/** The folder holding package.json, public/ and .cache/. */
export const PROJECT_ROOT = path.resolve(__dirname, "..", "..")
