type ToastMessageProps = { title: string; description: string }

/** A toast's content: a bold title over a one-line description. */
export function ToastMessage({ title, description }: ToastMessageProps) {
  return (
    <div>
      <p sx={{ m: 0, fontWeight: "bold" }}>{title}</p>
      <p sx={{ m: 0, mt: 1, fontSize: 1 }}>{description}</p>
    </div>
  )
}
