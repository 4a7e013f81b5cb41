import { ChevronDown } from 'lucide-react'
import { Collapsible } from 'radix-ui'
import { useId, useState, type ReactNode } from 'react'

/** A section of the recipe screen that folds away; open by default (docs/product/02-products.md §2). */
export function CollapsibleSection({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true)
  const headingId = useId()
  return (
    <Collapsible.Root asChild open={open} onOpenChange={setOpen}>
      <section aria-labelledby={headingId} className="rounded-xl border bg-card shadow-xs">
        <h2 id={headingId} className="text-base font-semibold">
          <Collapsible.Trigger className="group flex w-full items-center justify-between gap-2 rounded-xl px-4 py-3 text-left outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50">
            {title}
            <ChevronDown
              aria-hidden="true"
              className="size-4 text-muted-foreground transition-transform group-data-[state=closed]:-rotate-90"
            />
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content className="border-t px-4 pt-3 pb-4">{children}</Collapsible.Content>
      </section>
    </Collapsible.Root>
  )
}
