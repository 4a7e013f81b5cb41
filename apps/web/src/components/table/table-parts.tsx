import { ChevronLeft, ChevronRight, EllipsisVertical, Plus } from 'lucide-react'
import { useState, type ComponentProps, type ReactNode } from 'react'
import { Button } from '@/components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { cn } from '@/lib/utils.ts'

/** Rows per page of every recipe table (docs/product/02-products.md §9). */
export const PAGE_SIZE = 10

/** A table's row state (docs/product/02-products.md §4): idle, adding a new row, or editing one row. */
export type RowMode = { kind: 'idle' } | { kind: 'adding' } | { kind: 'editing'; id: string }
export const IDLE: RowMode = { kind: 'idle' }

/** Pages of PAGE_SIZE rows; the page is kept within range as rows come and go. */
export function usePages<T>(rows: readonly T[]) {
  const [page, setPage] = useState(0)
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE))
  const current = Math.min(page, pageCount - 1)
  return {
    page: current,
    pageCount,
    rows: rows.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE),
    offset: current * PAGE_SIZE,
    setPage,
    /** Shows the page a new last row lands on. */
    toLastPage: (count: number) => setPage(Math.max(0, Math.ceil(count / PAGE_SIZE) - 1)),
  }
}

export function Pager({
  page,
  pageCount,
  setPage,
  label,
}: {
  page: number
  pageCount: number
  setPage: (page: number) => void
  label: string
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-end gap-2 text-sm">
      <span className="text-muted-foreground" aria-live="polite">
        Page {page + 1} of {pageCount}
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setPage(page - 1)}
        disabled={page === 0}
        aria-label="Previous page"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setPage(page + 1)}
        disabled={page >= pageCount - 1}
        aria-label="Next page"
      >
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  )
}

/** The table and its scroll container (wide tables scroll sideways on phones). */
export function DataTable({
  label,
  columns,
  children,
  hasActions,
}: {
  label: string
  columns: readonly string[]
  children: ReactNode
  hasActions: boolean
}) {
  return (
    // A wide table scrolls sideways; the keyboard can scroll it too (WCAG 2.1.1, axe's
    // scrollable-region-focusable).
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border bg-card focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <table
        aria-label={label}
        className={cn(
          'w-full border-collapse text-sm sm:min-w-[36rem]',
          // Phones: no header row; each row is a card of labelled values that wrap.
          'max-sm:[&_tbody]:block max-sm:[&_td]:p-0 max-sm:[&_td:last-child]:ml-auto max-sm:[&_thead]:hidden max-sm:[&_tr]:flex max-sm:[&_tr]:flex-wrap max-sm:[&_tr]:items-end max-sm:[&_tr]:gap-x-5 max-sm:[&_tr]:gap-y-2 max-sm:[&_tr]:p-3',
          'max-sm:[&_td:first-child]:basis-full',
          // The first column is the name a person typed or a file brought: a long unbroken one wraps
          // instead of widening the table (ADR 140); the figures beside it keep their width.
          '[&_td:first-child]:wrap-anywhere',
        )}
      >
        <thead className="bg-muted/60 text-left text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
            {hasActions && (
              <th scope="col" className="w-px px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  )
}

/** A cell; on phones rows become cards and a cell with a label shows it above its value. */
export function Cell({ className, label, ...props }: ComponentProps<'td'> & { label?: string }) {
  return (
    <td
      data-label={label}
      className={cn(
        'px-3 py-2 align-middle',
        label &&
          'max-sm:before:block max-sm:before:text-[11px] max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]',
        className,
      )}
      {...props}
    />
  )
}

/** The row shown when a table has no rows. */
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-6 text-center text-muted-foreground">
        {text}
      </td>
    </tr>
  )
}

/** A row's actions menu: Edit … and Delete … (docs/product/02-products.md §2 "Ingredient and mash tables"). */
export function RowActions({
  name,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  disabled,
}: {
  name: string
  editLabel: string
  deleteLabel: string
  onEdit: () => void
  onDelete: () => void
  disabled?: boolean
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Actions for ${name}`}
          disabled={disabled}
        >
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="bg-card">
        <DropdownMenuItem onSelect={onEdit}>{editLabel}</DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          {deleteLabel}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** The inline row's Add (or Save) and Cancel buttons. */
export function RowButtons({
  isNew,
  onSubmit,
  onCancel,
}: {
  isNew: boolean
  onSubmit: () => void
  onCancel: () => void
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" type="button" onClick={onSubmit}>
        {isNew ? 'Add' : 'Save'}
      </Button>
      <Button size="sm" type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  )
}

/** The button that opens a table's add row; its label comes from the screen. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} className="w-fit">
      <Plus aria-hidden="true" className="size-4" />
      {label}
    </Button>
  )
}

/** A compact select for inline rows, with an empty first choice. */
export function RowSelect({
  label,
  value,
  onChange,
  options,
  placeholder,
  className,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  options: readonly { value: string; label: string }[]
  placeholder?: string
  className?: string
}) {
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cn('h-9 min-w-28', className)}
    >
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  )
}

export const WEIGHT_OPTIONS = ['Ounces', 'Pounds', 'Grams', 'Kilograms'].map((unit) => ({
  value: unit,
  label: unit,
}))

/** "9 Pounds" */
export const quantityText = (amount: { value: number; unit: string }) => `${amount.value} ${amount.unit}`
