import { Check, ChevronsUpDown, Search } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { cn } from '@/lib/utils.ts'

export type PickerItem = { id: string; label: string; detail?: string }

export type PickerTexts = {
  /** Shown while nothing is chosen, e.g. Select Grain. */
  placeholder: string
  /** The search box's placeholder, e.g. Search Grains. */
  searchPlaceholder: string
  /** Shown when the search matches nothing, e.g. No matching grains. */
  emptyText: string
}

/**
 * A searchable drop-down (docs/product/02-products.md §2 "Ingredient pickers"): a combobox button opens a popover with a
 * search box and a list. Arrow keys move, Enter chooses, Escape closes; typing filters by name and detail.
 */
export function SearchablePicker({
  items,
  value,
  onChange,
  texts,
  label,
  id,
  invalid,
  className,
}: {
  items: readonly PickerItem[]
  value: string
  onChange: (id: string) => void
  texts: PickerTexts
  /** The accessible name when no visible label points at `id`. */
  label?: string
  id?: string
  invalid?: boolean
  className?: string
}) {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const listId = useId()
  const listRef = useRef<HTMLUListElement>(null)
  const selected = items.find((item) => item.id === value)
  const matches = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
    if (words.length === 0) return items
    return items.filter((item) => {
      const text = `${item.label} ${item.detail ?? ''}`.toLowerCase()
      return words.every((word) => text.includes(word))
    })
  }, [items, query])

  const openWith = (next: boolean) => {
    setOpen(next)
    if (next) {
      setQuery('')
      const index = items.findIndex((item) => item.id === value)
      setActive(Math.max(0, index))
    }
  }
  const choose = (item: PickerItem | undefined) => {
    if (!item) return
    onChange(item.id)
    setOpen(false)
  }
  const move = (index: number) => {
    const next = Math.min(Math.max(index, 0), Math.max(matches.length - 1, 0))
    setActive(next)
    listRef.current?.querySelectorAll('[role="option"]')[next]?.scrollIntoView({ block: 'nearest' })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(active + 1)
    else if (event.key === 'ArrowUp') move(active - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(matches.length - 1)
    else if (event.key === 'PageDown') move(active + 8)
    else if (event.key === 'PageUp') move(active - 8)
    else if (event.key === 'Enter') choose(matches[active])
    else return
    event.preventDefault()
  }
  const activeId = matches[active] ? `${listId}-${active}` : undefined

  return (
    <Popover.Root open={open} onOpenChange={openWith}>
      <Popover.Trigger asChild>
        <button
          type="button"
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-label={label}
          aria-invalid={invalid || undefined}
          className={cn(
            'flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-left text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive md:text-sm',
            className,
          )}
        >
          <span className={cn('truncate', !selected && 'text-muted-foreground')}>
            {selected ? selected.label : texts.placeholder}
          </span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-72 overflow-hidden rounded-lg border bg-card p-0 text-card-foreground shadow-lg"
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            ;(event.currentTarget as HTMLElement).querySelector('input')?.focus()
          }}
        >
          <div className="flex items-center gap-2 border-b px-3">
            <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <input
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-activedescendant={activeId}
              aria-autocomplete="list"
              aria-label={texts.searchPlaceholder}
              placeholder={texts.searchPlaceholder}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value)
                setActive(0)
              }}
              onKeyDown={onKeyDown}
              className="h-10 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
            />
          </div>
          {matches.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">{texts.emptyText}</p>
          ) : (
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label={texts.placeholder}
              className="max-h-72 overflow-y-auto p-1"
            >
              {matches.map((item, index) => (
                <li
                  key={item.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={item.id === value}
                  data-active={index === active || undefined}
                  onPointerMove={() => setActive(index)}
                  onClick={() => choose(item)}
                  className="flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm data-active:bg-accent data-active:text-accent-foreground"
                >
                  <Check
                    aria-hidden="true"
                    className={cn('size-4 shrink-0', item.id === value ? 'opacity-100' : 'opacity-0')}
                  />
                  <span className="min-w-0 flex-1 truncate">{item.label}</span>
                  {item.detail && (
                    <span className="shrink-0 text-xs text-muted-foreground">{item.detail}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
