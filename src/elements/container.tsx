import type { ReactNode } from "react"

type ContainerProps = { children: ReactNode; as?: "div" | "section" | "article"; className?: string }

/**
 * The site's content column: at most 1096 px wide, with 32 px side padding.
 * Styles given through `sx` arrive as `className` and win over these.
 */
export function Container({ children, as: Tag = "div", className }: ContainerProps) {
  return (
    <Tag className={className} sx={{ variant: "layout.container" }}>
      {children}
    </Tag>
  )
}
