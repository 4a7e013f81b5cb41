import type { Product } from '@brewcommand/domain'
import { Pencil } from 'lucide-react'
import { useState } from 'react'
import { IconAction } from '@/components/item-cards.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'
import { ADD_DESCRIPTION, NO_DESCRIPTION } from '../messages.ts'

/** The product's name, edited in place: Enter or leaving the field saves, Escape cancels. */
export function InlineName({
  product,
  canEdit,
  onSave,
}: {
  product: Product
  canEdit: boolean
  onSave: (name: string) => void
}) {
  const [draft, setDraft] = useState<string | null>(null)
  if (draft === null) {
    return (
      <div className="flex items-center gap-2">
        <h1 dir="auto" className="min-w-0 text-2xl font-semibold tracking-tight wrap-anywhere">
          {product.name}
        </h1>
        {canEdit && (
          <IconAction label="Edit name" onClick={() => setDraft(product.name)}>
            <Pencil aria-hidden="true" />
          </IconAction>
        )}
      </div>
    )
  }
  const commit = () => {
    const name = draft.trim()
    if (name && name !== product.name) onSave(name)
    setDraft(null)
  }
  return (
    <Input
      aria-label="Product name"
      className="h-11 max-w-xl text-xl font-semibold"
      value={draft}
      autoFocus
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit()
        if (e.key === 'Escape') setDraft(null)
      }}
    />
  )
}

export function Description({
  product,
  canEdit,
  onSave,
}: {
  product: Product
  canEdit: boolean
  onSave: (text: string) => void
}) {
  const [draft, setDraft] = useState<string | null>(null)
  if (draft !== null) {
    return (
      <form
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          onSave(draft.trim())
          setDraft(null)
        }}
      >
        <Textarea
          aria-label="Description"
          value={draft}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            Save
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </div>
      </form>
    )
  }
  if (!canEdit)
    return (
      <p dir="auto" className="wrap-anywhere text-muted-foreground">
        {product.description || NO_DESCRIPTION}
      </p>
    )
  return (
    <button
      type="button"
      onClick={() => setDraft(product.description)}
      dir="auto"
      className="rounded-md p-2 text-start wrap-anywhere text-muted-foreground hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      {product.description || ADD_DESCRIPTION}
    </button>
  )
}
