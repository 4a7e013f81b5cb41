import {
  brewhouseDefaults,
  can,
  CALIBRATION_MIN_BREWS,
  VESSEL_KINDS,
  VESSEL_STATES,
  type BrewhouseConstants,
  type BrewhouseDetail,
  type CalibratedConstant,
  type Vessel,
} from '@brewcommand/domain'
import { History, Pencil, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { AddCard, IconAction, ItemCard, Section } from '@/components/item-cards.tsx'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useBrewhouses, usePendingProduction, useVessels } from '@/lib/production/production-queries.ts'
import { formatNumber } from '@/lib/production/units.ts'
import { useProductionSync } from '@/lib/production/use-production-sync.ts'
import { brewhousesWithPending, vesselsWithPending, type Shown } from '../api/pending-equipment.ts'
import { useEquipmentWrites } from '../api/use-equipment-writes.ts'
import { CALIBRATED_LABELS, EQUIPMENT_TEXTS, VERSION_REASONS } from '../messages.ts'
import { BrewhouseDialog } from './brewhouse-dialog.tsx'
import { VesselDialog } from './vessel-dialog.tsx'

type Confirming = { title: string; description: string; run: () => void } | null

/**
 * Settings → Equipment (docs/production.md): the brewery's Brewhouses and Vessels. Everyone reads; an Admin
 * adds, edits (a brewhouse's edit is a new version), removes and accepts a calibration. Queued writes show at
 * once; the server's broadcasts keep the lists live.
 */
export function EquipmentPage() {
  useProductionSync()
  const { currentEntity } = useAppState()
  const canManage = can(currentEntity?.role, 'manageEquipment')
  const [confirming, setConfirming] = useState<Confirming>(null)
  const confirm = (title: string, description: string, run: () => void) =>
    setConfirming({ title, description, run })
  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">{EQUIPMENT_TEXTS.heading}</h2>
        <p className="text-sm text-muted-foreground">{EQUIPMENT_TEXTS.intro}</p>
      </div>
      <Brewhouses canManage={canManage} confirm={confirm} />
      <Vessels canManage={canManage} confirm={confirm} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming?.title ?? ''}
        description={confirming?.description ?? ''}
        confirmLabel="Remove"
        onConfirm={() => {
          confirming?.run()
          setConfirming(null)
        }}
      />
    </div>
  )
}

type Confirm = (title: string, description: string, run: () => void) => void

function LoadState({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown }
  children: ReactNode
}) {
  if (query.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner className="size-4" /> Loading…
      </p>
    )
  if (query.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-destructive">{EQUIPMENT_TEXTS.loadFailed}</span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {EQUIPMENT_TEXTS.retry}
        </Button>
      </div>
    )
  return children
}

function PendingMark({ pending }: { pending?: 'saving' | 'failed' }) {
  if (!pending) return null
  return (
    <span className={pending === 'failed' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
      {pending === 'failed' ? EQUIPMENT_TEXTS.notSaved : EQUIPMENT_TEXTS.saving}
    </span>
  )
}

function Brewhouses({ canManage, confirm }: { canManage: boolean; confirm: Confirm }) {
  const query = useBrewhouses()
  const pending = usePendingProduction('/api/equipment/brewhouses')
  const writes = useEquipmentWrites()
  const [editing, setEditing] = useState<{ brewhouse: BrewhouseDetail | null } | null>(null)
  const list = brewhousesWithPending(query.data ?? [], pending)

  const save = (constants: BrewhouseConstants) => {
    if (editing?.brewhouse) writes.changeBrewhouse(editing.brewhouse.id, constants)
    else writes.addBrewhouse({ ...constants, id: crypto.randomUUID() })
  }
  return (
    <Section title={EQUIPMENT_TEXTS.brewhouses}>
      <LoadState query={query}>
        <ul className="grid gap-3 lg:grid-cols-2">
          {list.map((brewhouse) => (
            <BrewhouseCard
              key={brewhouse.id}
              brewhouse={brewhouse}
              canManage={canManage}
              onEdit={() => setEditing({ brewhouse })}
              onRemove={() =>
                confirm(
                  EQUIPMENT_TEXTS.removeBrewhouse(brewhouse.name),
                  EQUIPMENT_TEXTS.removeBrewhouseText,
                  () => writes.removeBrewhouse(brewhouse.id, brewhouse.name),
                )
              }
              onAccept={(proposals) =>
                writes.acceptCalibration(brewhouse.id, brewhouse.name, {
                  version: brewhouse.version,
                  proposals,
                })
              }
            />
          ))}
          {list.length === 0 && !canManage && (
            <li className="text-sm text-muted-foreground">{EQUIPMENT_TEXTS.noBrewhouses}</li>
          )}
          {canManage && (
            <li>
              <AddCard label={EQUIPMENT_TEXTS.addBrewhouse} onClick={() => setEditing({ brewhouse: null })}>
                {list.length === 0 && (
                  <span className="font-normal">{EQUIPMENT_TEXTS.noBrewhousesAdmin}</span>
                )}
              </AddCard>
            </li>
          )}
        </ul>
      </LoadState>
      {editing && (
        <BrewhouseDialog
          brewhouse={editing.brewhouse}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSave={save}
        />
      )}
    </Section>
  )
}

const gal = (value: number) => `${formatNumber(value, 2)} gal`

/** The constants of a version as a brewer reads them. */
function ConstantsList({ constants }: { constants: BrewhouseConstants }) {
  // A version saved before the strike-water fields shows the defaults it is brewed with.
  const withDefaults = brewhouseDefaults(constants)
  const rows: [string, string][] = [
    [
      'Maximum batch size',
      `${formatNumber(constants.maxBatchGallons / 31, 2)} BBL (${gal(constants.maxBatchGallons)})`,
    ],
    ['Brewhouse efficiency', `${formatNumber(constants.brewhouseEfficiency, 1)} %`],
    ['Mash efficiency', `${formatNumber(constants.mashEfficiency, 1)} %`],
    ['Boil-off per hour', `${gal(constants.boilOffGallonsPerHour)}/h`],
    ['Kettle and trub loss', gal(constants.kettleTrubLossGallons)],
    ['Chiller loss', gal(constants.chillerLossGallons)],
    ['Grain absorption', `${formatNumber(constants.grainAbsorptionGallonsPerPound, 3)} gal/lb`],
    ['Mash tun dead space', gal(constants.mashTunDeadSpaceGallons)],
    ['Maximum grain weight', `${formatNumber(constants.maxGrainPounds, 1)} lb`],
    ['Mash thickness', `${formatNumber(withDefaults.mashThicknessQuartsPerPound, 2)} qt/lb`],
    ['Grain temperature', `${formatNumber(withDefaults.grainTemperatureF, 1)} °F`],
    ['Mash tun heat loss', `${formatNumber(withDefaults.mashTunHeatLossF, 1)} °F`],
  ]
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

const proposalValue = (constant: CalibratedConstant, value: number) =>
  constant === 'brewhouseEfficiency' || constant === 'mashEfficiency'
    ? `${formatNumber(value, 1)} %`
    : constant === 'boilOffGallonsPerHour'
      ? `${gal(value)}/h`
      : gal(value)

function BrewhouseCard({
  brewhouse,
  canManage,
  onEdit,
  onRemove,
  onAccept,
}: {
  brewhouse: Shown<BrewhouseDetail>
  canManage: boolean
  onEdit: () => void
  onRemove: () => void
  onAccept: (proposals: { constant: CalibratedConstant; proposed: number }[]) => void
}) {
  const [showHistory, setShowHistory] = useState(false)
  const { calibration } = brewhouse
  const historyId = `history-${brewhouse.id}`
  return (
    <ItemCard
      actions={
        canManage &&
        !brewhouse.pending && (
          <>
            <IconAction label={`Edit ${brewhouse.name}`} onClick={onEdit}>
              <Pencil aria-hidden="true" />
            </IconAction>
            <IconAction label={`Remove ${brewhouse.name}`} onClick={onRemove}>
              <Trash2 aria-hidden="true" />
            </IconAction>
          </>
        )
      }
    >
      <article aria-label={brewhouse.name} className="grid gap-3">
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-semibold wrap-anywhere">{brewhouse.name}</h3>
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            <PendingMark pending={brewhouse.pending} />
            Version {brewhouse.version}
          </span>
        </header>
        <ConstantsList constants={brewhouse} />

        <section
          aria-label={EQUIPMENT_TEXTS.calibrationTitle}
          className="grid gap-2 rounded-lg bg-muted/50 p-3"
        >
          <h4 className="text-sm font-medium">{EQUIPMENT_TEXTS.calibrationTitle}</h4>
          {calibration.proposals.length > 0 ? (
            <>
              <ul className="grid gap-2 text-sm">
                {calibration.proposals.map((proposal) => (
                  <li key={proposal.constant} className="grid gap-0.5">
                    <span>
                      {CALIBRATED_LABELS[proposal.constant]}:{' '}
                      {proposalValue(proposal.constant, proposal.current)} →{' '}
                      <strong>{proposalValue(proposal.constant, proposal.proposed)}</strong>
                    </span>
                    <span className="text-xs text-muted-foreground">
                      From{' '}
                      {proposal.batches
                        .map(
                          (batch) =>
                            `${batch.batchNumber} (${proposalValue(proposal.constant, batch.value)})`,
                        )
                        .join(', ')}
                    </span>
                  </li>
                ))}
              </ul>
              {canManage && (
                <Button
                  className="w-fit"
                  size="sm"
                  disabled={Boolean(brewhouse.pending)}
                  onClick={() =>
                    onAccept(
                      calibration.proposals.map((p) => ({ constant: p.constant, proposed: p.proposed })),
                    )
                  }
                >
                  {EQUIPMENT_TEXTS.acceptCalibration}
                </Button>
              )}
            </>
          ) : (
            <p className="text-xs text-muted-foreground">
              {calibration.measuredBrews >= CALIBRATION_MIN_BREWS
                ? EQUIPMENT_TEXTS.calibrationNone
                : EQUIPMENT_TEXTS.calibrationWaiting(calibration.measuredBrews, CALIBRATION_MIN_BREWS)}
            </p>
          )}
        </section>

        {brewhouse.versions.length > 0 && (
          <div className="grid gap-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-fit"
              aria-expanded={showHistory}
              aria-controls={historyId}
              onClick={() => setShowHistory((shown) => !shown)}
            >
              <History aria-hidden="true" className="size-4" />
              {EQUIPMENT_TEXTS.versionsTitle} ({brewhouse.versions.length})
            </Button>
            {showHistory && (
              <ol id={historyId} className="grid gap-3 border-l pl-3">
                {brewhouse.versions.map((version) => (
                  <li key={version.id} className="grid gap-1">
                    <p className="text-sm font-medium">
                      Version {version.version} · {VERSION_REASONS[version.reason] ?? version.reason}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {new Date(version.savedAt).toLocaleString()}
                      {version.savedBy ? ` · ${version.savedBy}` : ''}
                      {version.proposals
                        ? ` · from ${[...new Set(version.proposals.flatMap((p) => p.batches.map((b) => b.batchNumber)))].join(', ')}`
                        : ''}
                    </p>
                    <details>
                      <summary className="cursor-pointer text-xs text-primary">Constants</summary>
                      <div className="mt-2">
                        <ConstantsList constants={version.constants} />
                      </div>
                    </details>
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </article>
    </ItemCard>
  )
}

const bbl = (value: number) => `${formatNumber(value, 2)} BBL`

function Vessels({ canManage, confirm }: { canManage: boolean; confirm: Confirm }) {
  const query = useVessels()
  const pending = usePendingProduction('/api/equipment/vessels')
  const writes = useEquipmentWrites()
  const [editing, setEditing] = useState<{ vessel: Vessel | null } | null>(null)
  const list = vesselsWithPending(query.data ?? [], pending)
  return (
    <Section title={EQUIPMENT_TEXTS.vessels}>
      <LoadState query={query}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((vessel) => (
            <ItemCard
              key={vessel.id}
              actions={
                canManage &&
                !vessel.pending && (
                  <>
                    <IconAction label={`Edit ${vessel.name}`} onClick={() => setEditing({ vessel })}>
                      <Pencil aria-hidden="true" />
                    </IconAction>
                    <IconAction
                      label={`Remove ${vessel.name}`}
                      onClick={() =>
                        confirm(
                          EQUIPMENT_TEXTS.removeVessel(vessel.name),
                          EQUIPMENT_TEXTS.removeVesselText,
                          () => writes.removeVessel(vessel.id, vessel.name),
                        )
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </IconAction>
                  </>
                )
              }
            >
              <article aria-label={vessel.name} className="grid gap-1">
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold wrap-anywhere">{vessel.name}</h3>
                  <PendingMark pending={vessel.pending} />
                </header>
                <p className="text-sm text-muted-foreground">{VESSEL_KINDS[vessel.kind]}</p>
                <p className="text-sm tabular-nums">
                  {bbl(vessel.capacityBbl)} · working {bbl(vessel.workingCapacityBbl)}
                </p>
                <p className="text-xs">
                  <span className="rounded-md bg-muted px-2 py-0.5">{VESSEL_STATES[vessel.state]}</span>
                </p>
              </article>
            </ItemCard>
          ))}
          {list.length === 0 && !canManage && (
            <li className="text-sm text-muted-foreground">{EQUIPMENT_TEXTS.noVessels}</li>
          )}
          {canManage && (
            <li>
              <AddCard label={EQUIPMENT_TEXTS.addVessel} onClick={() => setEditing({ vessel: null })} />
            </li>
          )}
        </ul>
      </LoadState>
      {editing && (
        <VesselDialog
          vessel={editing.vessel}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSave={(input) =>
            editing.vessel
              ? writes.changeVessel(editing.vessel.id, input)
              : writes.addVessel({ ...input, id: crypto.randomUUID() })
          }
        />
      )}
    </Section>
  )
}
