import { formatCents, formatStock, type BatchCost, type BatchCostLine } from '@brewcommand/domain'
import { AlertTriangle } from 'lucide-react'
import { Fragment, type ReactNode } from 'react'
import { Section } from '@/components/item-cards.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { formatNumber } from '@/lib/production/units.ts'
import { useBatchCost } from '../api/get-batch-cost.ts'
import { BATCH_COST_TEXTS as T } from '../messages.ts'

/**
 * The batch's cost (issue 41; docs/decisions/240–241): each ingredient and packaging material with the lots it
 * drew from at their FIFO cost, the total and the ingredients per barrel brewed, what is still in tanks and what
 * was lost; marked incomplete while a shortfall is unsettled. Live: a stock, batch or cellar change reloads it.
 */
export function BatchCostSection({ batchId }: { batchId: string }) {
  const cost = useBatchCost(batchId)
  return (
    <Section title={T.title}>
      {cost.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner className="size-4" /> {T.loading}
        </p>
      ) : cost.isError ? (
        <div className="grid gap-2">
          <p role="alert" className="font-medium">
            {T.loadError} {cost.error.message}
          </p>
          <Button variant="outline" className="h-11 w-fit" onClick={() => void cost.refetch()}>
            {T.retry}
          </Button>
        </div>
      ) : cost.data.ingredients.length === 0 && cost.data.materials.length === 0 ? (
        <p className="text-muted-foreground">{T.empty}</p>
      ) : (
        <CostFigures cost={cost.data} />
      )}
    </Section>
  )
}

function CostFigures({ cost }: { cost: BatchCost }) {
  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs">
      {cost.incomplete && (
        <p role="status" className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-amber-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {T.incomplete}
        </p>
      )}
      <p className="text-sm text-muted-foreground">{T.intro}</p>
      {cost.ingredients.length > 0 && <CostTable caption={T.ingredients} lines={cost.ingredients} />}
      {cost.materials.length > 0 && <CostTable caption={T.materials} lines={cost.materials} />}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <Figure label={T.ingredientTotal}>{formatCents(cost.ingredientCents)}</Figure>
        <Figure label={T.materialTotal}>{formatCents(cost.materialCents)}</Figure>
        <Figure label={T.total}>
          <strong>{formatCents(cost.totalCents)}</strong>
        </Figure>
        <Figure label={T.perBarrel}>
          {cost.costPerBblCents === null
            ? T.perBarrelNone
            : `${formatCents(cost.costPerBblCents)} over ${formatNumber(cost.brewedBbl, 2)} bbl`}
        </Figure>
        <Figure label={T.inTanks}>
          {formatCents(cost.inTanksCents)} · {formatNumber(cost.inTanksBbl, 2)} bbl
        </Figure>
        <Figure label={T.lost}>
          {formatCents(cost.lossCents)} · {formatNumber(cost.lossBbl, 2)} bbl
        </Figure>
      </dl>
    </div>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function CostTable({ caption, lines }: { caption: string; lines: BatchCostLine[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[20rem] text-sm">
        <caption className="mb-1 text-left font-medium">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1 pr-3 font-normal">
              {T.item}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-normal">
              {T.quantity}
            </th>
            <th scope="col" className="py-1 text-right font-normal">
              {T.cost}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <Fragment key={line.itemId}>
              <tr className="border-t">
                <th scope="row" className="py-1.5 pr-3 text-left font-medium" dir="auto">
                  {line.itemName}
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">
                  {formatStock(line.quantity, line.unit)}
                </td>
                <td className="py-1.5 text-right tabular-nums">{formatCents(line.costCents)}</td>
              </tr>
              {line.lots.map((lot) => (
                <tr key={lot.lotId} className="text-muted-foreground">
                  <td className="py-0.5 pr-3 pl-4" dir="auto">
                    {T.lotLabel(lot.lotCode)}
                  </td>
                  <td className="py-0.5 pr-3 text-right tabular-nums">
                    {formatStock(lot.quantity, line.unit)}
                  </td>
                  <td className="py-0.5 text-right tabular-nums">{formatCents(lot.costCents)}</td>
                </tr>
              ))}
              {line.shortfall > 0 && (
                <tr className="text-amber-900">
                  <td className="py-0.5 pr-3 pl-4">{T.shortfall}</td>
                  <td className="py-0.5 pr-3 text-right tabular-nums">
                    {formatStock(line.shortfall, line.unit)}
                  </td>
                  <td className="py-0.5 text-right">—</td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  )
}
