import { useState, type FormEvent } from "react"

type SearchFormProps = {
  id: string
  label: string
  button: string
  type?: "search" | "email"
  maxLength: number
  onSearch: (term: string) => void
}

/** A search above a list of the admin: one labelled field and its button; the term is sent trimmed. */
export function SearchForm({ id, label, button, type = "search", maxLength, onSearch }: SearchFormProps) {
  const [typed, setTyped] = useState("")
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(typed.trim())
  }
  return (
    <form
      role="search"
      onSubmit={submit}
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: 3, mb: 4 }}
    >
      <div sx={{ display: "flex", flexDirection: "column", flex: "1 1 260px" }}>
        <label htmlFor={id} sx={{ variant: "forms.label" }}>
          {label}
        </label>
        <input
          id={id}
          type={type}
          maxLength={maxLength}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          sx={{ variant: "forms.input" }}
        />
      </div>
      <button type="submit" sx={{ variant: "buttons.primary" }}>
        {button}
      </button>
    </form>
  )
}
