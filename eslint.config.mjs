/**
 * ESLint, for one job: no regular expression in the project may backtrack
 * super-linearly (eslint-plugin-regexp), so a slow pattern fails `npm test`
 * instead of blocking the server on a hostile input.
 */
import tsParser from "@typescript-eslint/parser"
import regexp from "eslint-plugin-regexp"

export default [
  {
    ignores: [
      "node_modules/",
      "public/",
      ".cache/",
      "bench/peer/",
      "bench/.out/",
      "dist/",
      "coverage/",
      "test-results/",
      "src/gatsby-types.d.ts",
    ],
  },
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    languageOptions: { parser: tsParser, ecmaVersion: "latest", sourceType: "module" },
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },
]
