import type { CellarMoveKind, TankCard } from '@brewcommand/domain'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useCellarSettings, useVesselDetail } from '../api/cellar-api.ts'
import { cleaningKindLabel, formatBarrels, formatInstant } from '../lib/display.ts'
import { useCellarCan } from '../lib/form.ts'
import { CELLAR_TEXTS } from '../messages.ts'
import { BulkRemovalDialog } from './bulk-removal-dialog.tsx'
import { CleaningDialog, MovementDialog, PackageDialog, ReadingDialog } from './cellar-dialogs.tsx'

// The chart loads with the fermentation when the vessel holds a batch (ADR 390).
const BatchFermentation = lazy(async () => ({
  default: (await import('./batch-fermentation.tsx')).BatchFermentation,
}))

type Action = CellarMoveKind | 'reading' | 'package' | 'cleaning' | 'bulk-removal' | null

/** A vessel's detail: its batch's fermentation, the actions the role may take, and its cleaning log. */
export function VesselSheet({
  vesselId,
  board,
  onClose,
}: {
  vesselId: string | null
  board: TankCard[]
  onClose: () => void
}) {
  const detail = useVesselDetail(vesselId)
  const settings = useCellarSettings()
  const [action, setAction] = useState<Action>(null)
  const canCellar = useCellarCan('cellarWork')
  const canPackage = useCellarCan('planProduction')
  const canRemove = useCellarCan('manageStock')
  const card = board.find((tank) => tank.vessel.id === vesselId)
  const data = detail.data
  const holds = (card?.contentsBbl ?? 0) > 0
  const close = (open: boolean) => !open && setAction(null)
  return (
    <Sheet open={vesselId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-2xl">
        <SheetHeader>
          <SheetTitle>{card?.vessel.name ?? CELLAR_TEXTS.title}</SheetTitle>
          <SheetDescription>
            {card?.batch
              ? `${card.batch.number} · ${card.batch.productName} · ${formatBarrels(card.contentsBbl)}`
              : CELLAR_TEXTS.empty}
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-6 p-4">
          {card && (
            <div className="flex flex-wrap gap-2">
              {canCellar && card.batch && (
                <Button size="lg" onClick={() => setAction('reading')}>
                  {CELLAR_TEXTS.addReading}
                </Button>
              )}
              {canCellar && holds && (
                <Button size="lg" variant="outline" onClick={() => setAction('transferred')}>
                  {CELLAR_TEXTS.transfer}
                </Button>
              )}
              {canPackage && holds && (
                <Button size="lg" variant="outline" onClick={() => setAction('package')} disabled={!data}>
                  {CELLAR_TEXTS.package}
                </Button>
              )}
              {canCellar && holds && (
                <>
                  <Button size="lg" variant="outline" onClick={() => setAction('sampled')}>
                    {CELLAR_TEXTS.sample}
                  </Button>
                  <Button size="lg" variant="outline" onClick={() => setAction('dumped')}>
                    {CELLAR_TEXTS.dump}
                  </Button>
                  <Button size="lg" variant="outline" onClick={() => setAction('lost')}>
                    {CELLAR_TEXTS.loss}
                  </Button>
                </>
              )}
              {canRemove && holds && (
                <Button size="lg" variant="outline" onClick={() => setAction('bulk-removal')}>
                  {CELLAR_TEXTS.bulkRemoval}
                </Button>
              )}
              {canCellar && !holds && (
                <Button size="lg" variant="outline" onClick={() => setAction('cleaning')}>
                  {CELLAR_TEXTS.logCleaning}
                </Button>
              )}
            </div>
          )}
          {card?.batch && (
            <>
              <Suspense fallback={<Spinner />}>
                <BatchFermentation batchId={card.batch.id} />
              </Suspense>
              <Link
                className="text-sm text-primary underline"
                to={`/secure/operations/cellar/batches/${card.batch.id}`}
              >
                Open batch {card.batch.number}
              </Link>
            </>
          )}
          {detail.isPending && vesselId && (
            <p role="status" className="flex items-center gap-2 text-muted-foreground">
              <Spinner /> {CELLAR_TEXTS.loading}
            </p>
          )}
          {detail.isError && <p role="alert">{detail.error.message}</p>}
          {data && (
            <section className="grid gap-2" aria-labelledby="cleaning-log">
              <h2 id="cleaning-log" className="text-lg font-semibold">
                Cleaning
              </h2>
              <p className="text-sm">
                {CELLAR_TEXTS.lastCleaned}:{' '}
                {data.lastCleanedAt ? formatInstant(data.lastCleanedAt) : CELLAR_TEXTS.never} ·{' '}
                {CELLAR_TEXTS.lastSanitised}:{' '}
                {data.lastSanitisedAt ? formatInstant(data.lastSanitisedAt) : CELLAR_TEXTS.never}
              </p>
              <ul className="grid gap-1 text-sm">
                {data.cleaning.map((entry) => (
                  <li key={entry.id}>
                    {formatInstant(entry.occurredAt)} · {cleaningKindLabel(entry.kind)} · {entry.chemical}{' '}
                    {entry.concentration}
                    {entry.verification && ` · ${entry.verification}`}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        {card && action === 'reading' && <ReadingDialog vessel={card.vessel} open onOpenChange={close} />}
        {card && action === 'bulk-removal' && <BulkRemovalDialog card={card} open onOpenChange={close} />}
        {card && action === 'cleaning' && <CleaningDialog vessel={card.vessel} open onOpenChange={close} />}
        {card && data && action === 'package' && <PackageDialog detail={data} open onOpenChange={close} />}
        {card &&
          (action === 'transferred' || action === 'sampled' || action === 'dumped' || action === 'lost') && (
            <MovementDialog
              kind={action}
              card={card}
              board={board}
              settings={settings.data}
              open
              onOpenChange={close}
            />
          )}
      </SheetContent>
    </Sheet>
  )
}
