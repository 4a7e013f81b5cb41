import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button.tsx'

/** A titled section of a page, labelled by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** One item of a card grid, with its actions (edit, delete) below. */
export function ItemCard({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="min-w-0 flex-1">{children}</div>
      {actions && <div className="flex gap-1">{actions}</div>}
    </li>
  )
}

/** A small icon button named by its label. */
export function IconAction({
  label,
  onClick,
  children,
}: {
  label: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Button variant="ghost" size="icon" className="size-8" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  )
}

/** A dashed card that adds something (Add Product, Add Packaging, …). */
export function AddCard({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string
  onClick?: () => void
  disabled?: boolean
  children?: ReactNode
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="flex min-h-32 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-6 text-sm font-medium text-muted-foreground transition-colors hover:border-primary hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:border-border disabled:hover:text-muted-foreground"
    >
      <span aria-hidden="true" className="text-2xl leading-none">
        +
      </span>
      {label}
      {children}
    </button>
  )
}
