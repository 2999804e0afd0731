import { Fragment, type ReactNode } from "react"

/**
 * A translated text with one `{placeholder}` standing for an element, such
 * as a link: "Write to us at {supportEmail} instead." with the mail link in
 * its place, wherever the language puts it.
 */
export function withElement(text: string, placeholder: string, element: ReactNode): ReactNode {
  const [before, ...after] = text.split(`{${placeholder}}`)
  if (after.length === 0) return text
  return (
    <>
      {before}
      {after.map((part, index) => (
        <Fragment key={index}>
          {element}
          {part}
        </Fragment>
      ))}
    </>
  )
}
