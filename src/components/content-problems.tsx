import { Container } from "../elements/container"

/** A problem with a file of content/: the file, the frontmatter field (when one is at fault) and what is wrong. */
export type ContentProblem = { file: string; field?: string; problem: string }

/**
 * The error box `gatsby develop` shows in place of a page whose content
 * cannot be built (an impossible effectiveDate, a missing title), listing
 * each problem so an editor can fix it and save again.
 */
export function ContentProblems({ problems }: { problems: ContentProblem[] }) {
  return (
    <Container sx={{ py: [5, null, 7] }}>
      <div
        role="alert"
        sx={{ p: 4, border: "2px solid", borderColor: "danger", borderRadius: "medium", maxWidth: "prose" }}
      >
        <h2 sx={{ variant: "text.heading", fontSize: [4, null, 5], m: 0 }}>
          {problems.length === 1
            ? "This page's content has a problem"
            : `This page's content has ${problems.length} problems`}
        </h2>
        <ul sx={{ pl: 5, mb: 0 }}>
          {problems.map(({ file, field, problem }) => (
            <li key={`${file} ${field ?? ""} ${problem}`} sx={{ my: 2 }}>
              <code>{file}</code>
              {field && (
                <>
                  , <code>{field}</code>
                </>
              )}
              : {problem}
            </li>
          ))}
        </ul>
        <p sx={{ mb: 0, variant: "text.small" }}>Fix the file and save it: the page reloads by itself.</p>
      </div>
    </Container>
  )
}
