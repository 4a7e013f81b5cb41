import type { TraceNode } from '@brewcommand/domain'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'

// The genealogy as a tree you read and walk (WAI-ARIA tree): each node a row with its label, detail and what
// flowed into it; a node with children opens and closes with its button (Enter/Space) or ←/→ on the row. Links go to
// the batch or the orders page. The first two levels start open.

const KIND_WORDS: Record<string, string> = {
  lot: 'Lot',
  batch: 'Batch',
  vessel: 'Vessel',
  'package-run': 'Package run',
  'finished-goods': 'Finished goods',
  order: 'Order',
  invoice: 'Invoice',
  customer: 'Customer',
  package: 'Packaging option',
  ingredients: 'Ingredients',
  cleaning: 'Cleaning',
  quality: 'QA',
  stock: 'In the brewery',
  keg: 'Keg',
}

function TreeItem({
  node,
  depth,
  onRecall,
}: {
  node: TraceNode
  depth: number
  onRecall?: (node: TraceNode) => void
}) {
  const [open, setOpen] = useState(depth < 2)
  const hasChildren = node.children.length > 0
  return (
    <li
      role="treeitem"
      aria-expanded={hasChildren ? open : undefined}
      className="grid gap-1"
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget.firstElementChild?.firstElementChild) return
        if (event.key === 'ArrowRight' && hasChildren) setOpen(true)
        if (event.key === 'ArrowLeft' && hasChildren) setOpen(false)
      }}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border bg-card p-2">
        {hasChildren ? (
          <Button
            variant="ghost"
            className="min-h-11 min-w-11 px-2"
            onClick={() => setOpen((value) => !value)}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            <span className="sr-only">{`${open ? 'Collapse' : 'Expand'} ${node.label}`}</span>
          </Button>
        ) : (
          <span className="inline-block min-w-11" aria-hidden="true" />
        )}
        <div className="grid min-w-0 flex-1 gap-0.5 py-1">
          <span className="text-xs tracking-wide text-muted-foreground uppercase">
            {KIND_WORDS[node.kind] ?? node.kind}
          </span>
          <span className="font-medium break-words">
            {node.href ? (
              <Link className="underline underline-offset-2" to={node.href}>
                {node.label}
              </Link>
            ) : (
              node.label
            )}
            {node.quantity ? (
              <span className="ml-2 font-normal text-muted-foreground">{node.quantity}</span>
            ) : null}
          </span>
          {node.detail ? (
            <span className="text-sm break-words text-muted-foreground">{node.detail}</span>
          ) : null}
        </div>
        {onRecall &&
        ['lot', 'batch', 'order', 'invoice', 'customer', 'package', 'finished-goods', 'keg'].includes(
          node.kind,
        ) &&
        !node.id.includes(':ingredients') ? (
          <Button
            variant="outline"
            className="min-h-11"
            onClick={() => onRecall(node)}
            aria-label={`Start recall from ${node.label}`}
          >
            Start Recall
          </Button>
        ) : null}
      </div>
      {hasChildren && open ? (
        <ul role="group" className="ml-4 grid gap-1 border-l pl-3 sm:ml-6">
          {node.children.map((child) => (
            <TreeItem key={child.key} node={child} depth={depth + 1} onRecall={onRecall} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

export function TraceTree({ tree, onRecall }: { tree: TraceNode; onRecall?: (node: TraceNode) => void }) {
  return (
    <ul role="tree" aria-label={`Trace of ${tree.label}`} className="grid gap-1">
      <TreeItem node={tree} depth={0} onRecall={onRecall} />
    </ul>
  )
}
