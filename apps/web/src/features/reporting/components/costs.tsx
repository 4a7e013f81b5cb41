import {
  barrelsToUnits,
  unitsToFormBarrels,
  formatCents,
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  type CostsRead,
} from '@brewcommand/domain'
import { downloads, type MonthRange } from '../api/reports-api.ts'
import { useCosts } from '../api/use-reports.ts'
import {
  BATCH_COST_EMPTY,
  BATCH_COST_TITLE,
  COST_INCOMPLETE,
  COST_NOTE,
  DOWNLOAD_CSV,
  INVENTORY_VALUE_EMPTY,
  INVENTORY_VALUE_TITLE,
  UNIT_COST_EMPTY,
  UNIT_COST_TITLE,
} from '../messages.ts'
import { BarsChart } from './report-charts.tsx'
import { DownloadButton, FigureTable, QueryState, ReportCard } from './report-card.tsx'

const COLORS = ['#b45309', '#0f766e', '#6d28d9', '#be123c', '#1d4ed8', '#4d7c0f']
/** Charts draw dollars as numbers; the tables keep the exact cents. */
const dollars = (cents: number) => cents / 100
const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents))
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

const VALUE_BARS = [
  ...INVENTORY_CATEGORIES.map((c) => INVENTORY_CATEGORY_LABELS[c]),
  'Beer in tanks',
  'Finished goods',
]

/** Dollars stacked in one bar per `category` value, one colour per name of `bars`. */
function StackedMoneyChart({
  title,
  category,
  bars,
  data,
}: {
  title: string
  category: string
  bars: string[]
  data: Record<string, string | number>[]
}) {
  return (
    <BarsChart
      title={title}
      data={data}
      category={category}
      unit=" $"
      valueWidth={80}
      legend
      dollars
      bars={bars.map((name, index) => ({ key: name, color: COLORS[index % COLORS.length], stack: true }))}
    />
  )
}

/**
 * What the period cost (docs/decisions/219-cost-reports.md): each batch brewed in it, each batch's units packaged
 * in it with their cost per unit, and the stock and finished goods held at each month's end; charts beside their
 * tables, each with its CSV.
 */
export function CostReports({ range }: { range: MonthRange }) {
  const costs = useCosts(range)
  const data: CostsRead | undefined = costs.data
  return (
    <>
      <ReportCard
        title={BATCH_COST_TITLE}
        actions={<DownloadButton path={downloads.table('batch-costs', range)} label={DOWNLOAD_CSV} />}
        chart={
          data && data.batches.length > 0 ? (
            <StackedMoneyChart
              title="Cost of each batch brewed"
              category="batch"
              bars={['Ingredients', 'Packaging materials']}
              data={data.batches.map((row) => ({
                batch: row.batchNumber,
                Ingredients: dollars(row.ingredientCents),
                'Packaging materials': dollars(row.materialCents),
              }))}
            />
          ) : undefined
        }
      >
        <QueryState
          query={costs}
          what="costs"
          isEmpty={(d) => d.batches.length === 0}
          empty={BATCH_COST_EMPTY}
        >
          {(d) => (
            <div className="grid gap-2">
              <FigureTable
                caption="Cost of each batch brewed in the period"
                head={[
                  'Batch',
                  'Ingredients',
                  'Packaging',
                  'Total',
                  'Packaged (bbl)',
                  'Brewed (bbl)',
                  'Ingredients per bbl',
                ]}
                rows={d.batches.map((row) => [
                  `${row.batchNumber} · ${row.productName} (${row.brewedAt.slice(0, 10)})${row.incomplete ? ` · ${COST_INCOMPLETE}` : ''}`,
                  money(row.ingredientCents),
                  money(row.materialCents),
                  money(row.totalCents),
                  <span key="packaged" title={`${row.packagedBbl} bbl`}>
                    {unitsToFormBarrels(barrelsToUnits(row.packagedBbl))}
                  </span>,
                  <span key="brewed" title={`${row.brewedBbl} bbl`}>
                    {unitsToFormBarrels(barrelsToUnits(row.brewedBbl))}
                  </span>,
                  money(row.costPerBblCents),
                ])}
                foot={[
                  'Total',
                  money(sum(d.batches.map((row) => row.ingredientCents))),
                  money(sum(d.batches.map((row) => row.materialCents))),
                  money(sum(d.batches.map((row) => row.totalCents))),
                  '',
                  '',
                  '',
                ]}
              />
              <p className="text-xs text-muted-foreground">{COST_NOTE}</p>
            </div>
          )}
        </QueryState>
      </ReportCard>

      <ReportCard
        title={UNIT_COST_TITLE}
        actions={<DownloadButton path={downloads.table('unit-costs', range)} label={DOWNLOAD_CSV} />}
        chart={
          data && data.units.length > 0 ? (
            <BarsChart
              title="Cost per unit of each batch's packaging"
              data={data.units.map((row) => ({
                option: `${row.batchNumber} ${row.packageType}`,
                'Cost per unit': dollars(row.costPerUnitCents ?? 0),
              }))}
              category="option"
              unit=" $"
              vertical
              categoryWidth={140}
              dollars
              bars={[{ key: 'Cost per unit', color: COLORS[2] }]}
            />
          ) : undefined
        }
      >
        <QueryState query={costs} what="costs" isEmpty={(d) => d.units.length === 0} empty={UNIT_COST_EMPTY}>
          {(d) => (
            <FigureTable
              caption="Cost per unit of each batch's packaging options run in the period"
              head={['Product and package', 'Batch', 'Units', 'Cost', 'Per unit']}
              rows={d.units.map((row) => [
                `${row.productName} · ${row.packageType}${row.sku ? ` (${row.sku})` : ''}${row.incomplete ? ` · ${COST_INCOMPLETE}` : ''}`,
                row.batchNumber,
                row.units.toLocaleString('en-US'),
                money(row.costCents),
                money(row.costPerUnitCents),
              ])}
            />
          )}
        </QueryState>
      </ReportCard>

      <ReportCard
        title={INVENTORY_VALUE_TITLE}
        actions={<DownloadButton path={downloads.table('inventory-value', range)} label={DOWNLOAD_CSV} />}
        chart={
          data && data.inventoryValue.length > 0 ? (
            <StackedMoneyChart
              title="Inventory value at each month's end"
              category="month"
              bars={VALUE_BARS}
              data={data.inventoryValue.map((row) => ({
                month: row.month,
                ...Object.fromEntries(
                  INVENTORY_CATEGORIES.map((category) => [
                    INVENTORY_CATEGORY_LABELS[category],
                    dollars(row.categories[category]),
                  ]),
                ),
                'Beer in tanks': dollars(row.wipCents),
                'Finished goods': dollars(row.finishedGoodsCents),
              }))}
            />
          ) : undefined
        }
      >
        <QueryState
          query={costs}
          what="costs"
          isEmpty={(d) => d.inventoryValue.length === 0}
          empty={INVENTORY_VALUE_EMPTY}
        >
          {(d) => (
            <FigureTable
              caption="Inventory value at each month's end, or now for the month under way"
              head={[
                'Month',
                'Ingredients',
                'Packaging materials',
                'Beer in tanks',
                'Finished goods',
                'Total',
                'Lost in the month',
              ]}
              rows={d.inventoryValue.map((row) => [
                row.month,
                money(
                  sum(INVENTORY_CATEGORIES.filter((c) => c !== 'packaging').map((c) => row.categories[c])),
                ),
                money(row.categories.packaging),
                money(row.wipCents),
                money(row.finishedGoodsCents),
                money(row.totalCents),
                money(row.lossCents),
              ])}
            />
          )}
        </QueryState>
      </ReportCard>
    </>
  )
}
