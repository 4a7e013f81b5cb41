import {
  can,
  formatCents,
  KEG_OWNER_LABELS,
  KEG_SIZE_LABELS,
  KEG_STATUS_LABELS,
  type Keg,
  type KegBoard,
} from '@brewcommand/domain'
import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button, buttonVariants } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { cn } from '@/lib/utils.ts'
import { useDownloadLabels, useKegBoard, useKegs, useKegsSync } from '../api/kegs-api.ts'
import { AddKegsDialog, DaysOutDialog, ImportKegsDialog } from './register-dialogs.tsx'

/** Where a keg is, as the register shows it. */
export function whereOf(keg: Keg): string {
  if (keg.status === 'at-customer') return `At ${keg.customerName ?? 'a customer'}`
  if (keg.status === 'full' && keg.fill) return `Full: ${keg.fill.productName}`
  return KEG_STATUS_LABELS[keg.status]
}

function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground">
      <Spinner className="size-4" /> Loading {what}…
    </p>
  )
}

function Counts({ board }: { board: KegBoard }) {
  const tiles = [
    { label: 'Clean', value: board.atBrewery.clean },
    { label: 'Dirty', value: board.atBrewery.dirty },
    { label: 'Full', value: board.atBrewery.full.reduce((sum, f) => sum + f.count, 0) },
    { label: 'At customers', value: board.atCustomers },
    { label: `Out over ${board.daysOutLimit} days`, value: board.overdue },
    { label: 'Damaged', value: board.atBrewery.damaged },
    { label: 'Lost', value: board.lost },
  ]
  return (
    <section aria-labelledby="kegs-where" className="grid gap-3">
      <h2 id="kegs-where" className="text-lg font-semibold">
        Where the kegs are
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-xl border bg-card p-3">
            <dt className="text-sm text-muted-foreground">{tile.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{tile.value}</dd>
          </div>
        ))}
      </dl>
      {board.atBrewery.full.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label="Full kegs by product">
          {board.atBrewery.full.map((f) => (
            <li key={f.batchNumber}>
              {f.productName} ({f.batchNumber}): {f.count} full
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Customers({ board, showsMoney }: { board: KegBoard; showsMoney: boolean }) {
  return (
    <section aria-labelledby="kegs-customers" className="grid gap-3">
      <h2 id="kegs-customers" className="text-lg font-semibold">
        At customers
      </h2>
      {board.customers.length === 0 ? (
        <p className="rounded-xl border bg-card p-4 text-muted-foreground">No keg is at a customer.</p>
      ) : (
        <ul className="grid gap-3">
          {board.customers.map((customer) => (
            <li key={customer.customerId} className="rounded-xl border bg-card p-4">
              <h3 className="font-medium">
                {customer.customerName}: {customer.kegs.length} {customer.kegs.length === 1 ? 'keg' : 'kegs'}
                {showsMoney && (
                  <span className="font-normal text-muted-foreground">
                    {' '}
                    · deposits held {formatCents(customer.depositBalanceCents)}
                  </span>
                )}
              </h3>
              <ul className="mt-2 grid gap-1 text-sm">
                {customer.kegs.map((keg) => (
                  <li key={keg.kegId} className="flex flex-wrap items-center gap-2">
                    <Link className="underline underline-offset-2" to={`/secure/inventory/kegs/${keg.kegId}`}>
                      {keg.assetNumber}
                    </Link>
                    <span>{KEG_SIZE_LABELS[keg.size]}</span>
                    {keg.batchNumber && <span>{keg.batchNumber}</span>}
                    <span>
                      {keg.daysOut} {keg.daysOut === 1 ? 'day' : 'days'} out
                    </span>
                    {keg.isOverdue && (
                      <span className="rounded-md bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
                        Over {board.daysOutLimit} days
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Register({
  kegs,
  selected,
  onToggle,
}: {
  kegs: Keg[]
  selected: Set<string>
  onToggle: (assetNumber: string) => void
}) {
  return (
    <section aria-labelledby="kegs-register" className="grid gap-3">
      <h2 id="kegs-register" className="text-lg font-semibold">
        Register
      </h2>
      {kegs.length === 0 ? (
        <p className="rounded-xl border bg-card p-4 text-muted-foreground">
          No kegs yet. Add Kegs or import them from a CSV file.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="p-2">
                  <span className="sr-only">Label</span>
                </th>
                <th scope="col" className="p-2">
                  Number
                </th>
                <th scope="col" className="p-2">
                  Size
                </th>
                <th scope="col" className="p-2">
                  Owner
                </th>
                <th scope="col" className="p-2">
                  Where
                </th>
                <th scope="col" className="p-2">
                  Batch
                </th>
              </tr>
            </thead>
            <tbody>
              {kegs.map((keg) => (
                <tr key={keg.id} className="border-b last:border-0">
                  <td className="p-2">
                    <input
                      type="checkbox"
                      className="size-5"
                      aria-label={`Label ${keg.assetNumber}`}
                      checked={selected.has(keg.assetNumber)}
                      onChange={() => onToggle(keg.assetNumber)}
                    />
                  </td>
                  <td className="p-2 font-medium">
                    <Link className="underline underline-offset-2" to={`/secure/inventory/kegs/${keg.id}`}>
                      {keg.assetNumber}
                    </Link>
                  </td>
                  <td className="p-2">{KEG_SIZE_LABELS[keg.size]}</td>
                  <td className="p-2">
                    {KEG_OWNER_LABELS[keg.owner]}
                    {keg.ownerName && ` (${keg.ownerName})`}
                  </td>
                  <td className="p-2">{whereOf(keg)}</td>
                  <td className="p-2">{keg.fill?.batchNumber ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/**
 * Kegs (docs/decisions/290-kegs.md), under Inventory: where the kegs are (the brewery clean, dirty, full by product;
 * each customer with days out, those past the limit flagged; lost), the register with Add Kegs, Import and Print
 * Labels, and the way to the Scan screen.
 */
export function KegsPage() {
  useKegsSync()
  const role = useAppState().currentEntity?.role
  const manages = can(role, 'manageKegs')
  const kegs = useKegs()
  const board = useKegBoard()
  const downloadLabels = useDownloadLabels()
  const [dialog, setDialog] = useState<'add' | 'import' | 'limit' | null>(null)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [printing, setPrinting] = useState(false)
  const toggle = (n: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(n)) next.delete(n)
      else next.add(n)
      return next
    })
  const print = async () => {
    setPrinting(true)
    try {
      await downloadLabels([...selected])
    } catch (error) {
      toast.error(`Could not download the labels. ${error instanceof Error ? error.message : ''}`)
    } finally {
      setPrinting(false)
    }
  }
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <Link to="/secure/inventory" className="text-sm text-muted-foreground underline underline-offset-2">
            Inventory
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight">Kegs</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/secure/inventory/kegs/scan" className={cn(buttonVariants(), 'min-h-11')}>
            Scan
          </Link>
          {manages && (
            <>
              <Button className="min-h-11" variant="outline" onClick={() => setDialog('add')}>
                Add Kegs
              </Button>
              <Button className="min-h-11" variant="outline" onClick={() => setDialog('import')}>
                Import CSV
              </Button>
            </>
          )}
          <Button
            className="min-h-11"
            variant="outline"
            disabled={printing || !kegs.data?.length}
            onClick={() => void print()}
          >
            {selected.size > 0 ? `Print Labels (${selected.size})` : 'Print Labels'}
          </Button>
          {manages && board.data && (
            <Button className="min-h-11" variant="outline" onClick={() => setDialog('limit')}>
              Days-out limit: {board.data.daysOutLimit}
            </Button>
          )}
        </div>
      </div>
      {board.isPending && <Loading what="the keg board" />}
      {board.isError && <p role="alert">Could not load the keg board. {board.error.message}</p>}
      {board.data && <Counts board={board.data} />}
      {board.data && <Customers board={board.data} showsMoney={can(role, 'sell')} />}
      {kegs.isPending && <Loading what="the kegs" />}
      {kegs.isError && <p role="alert">Could not load the kegs. {kegs.error.message}</p>}
      {kegs.data && <Register kegs={kegs.data} selected={selected} onToggle={toggle} />}
      {manages && <AddKegsDialog open={dialog === 'add'} onOpenChange={(o) => setDialog(o ? 'add' : null)} />}
      {manages && (
        <ImportKegsDialog open={dialog === 'import'} onOpenChange={(o) => setDialog(o ? 'import' : null)} />
      )}
      {manages && board.data && (
        <DaysOutDialog
          open={dialog === 'limit'}
          current={board.data.daysOutLimit}
          onOpenChange={(o) => setDialog(o ? 'limit' : null)}
        />
      )}
    </div>
  )
}
