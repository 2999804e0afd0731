type LogoMarkProps = { size?: number }

/** The brand mark: an open book on an orange tile, the pages' edge a story's path. */
export function LogoMark({ size = 36 }: LogoMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" sx={{ display: "block", flexShrink: 0 }}>
      <rect width="48" height="48" rx="12" sx={{ fill: "brand" }} />
      <path
        d="M24 15c-3.5-2.6-8-3.4-12-2.4v21c4-1 8.5-.2 12 2.4 3.5-2.6 8-3.4 12-2.4v-21c-4-1-8.5-.2-12 2.4z"
        sx={{ fill: "onBrand" }}
      />
      <path d="M24 16.5v18.6" stroke="#FFA73B" strokeWidth="2" strokeLinecap="round" />
      <path d="M15.5 20.5c2.3-.2 4.6.3 6.5 1.4M15.5 25.5c2.3-.2 4.6.3 6.5 1.4M26 21.9c1.9-1.1 4.2-1.6 6.5-1.4" stroke="#FFA73B" strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </svg>
  )
}
