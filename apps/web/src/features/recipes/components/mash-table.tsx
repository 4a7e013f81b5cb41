import { MASH_STEP_TYPES, normaliseMashSteps, type MashStep, type MashStepType } from '@brewcommand/domain'
import { ArrowDown, ArrowUp } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import {
  AddButton,
  Cell,
  DataTable,
  EmptyRow,
  IDLE,
  Pager,
  RowActions,
  RowButtons,
  RowSelect,
  usePages,
  type RowMode,
} from '@/components/table/table-parts.tsx'
import { Tooltip } from './tooltip.tsx'

export const NO_MASH_STEPS = 'No Mash Steps Defined.'
const NA = 'N/A'
const STEP_OPTIONS = Object.entries(MASH_STEP_TYPES).map(([value, label]) => ({ value, label }))

type StepDraft = Omit<MashStep, 'id' | 'order'>

/** A temperature typed or imported with its own scale ("66.7 °C", "152F") keeps it; a bare number reads °F. */
const HAS_SCALE = /°|\b[CF]$|[0-9]\s*[CF]$/i
export const mashTemperatureText = (text: string) => {
  const trimmed = text.trim()
  if (!trimmed) return NA
  return HAS_SCALE.test(trimmed) ? trimmed : `${trimmed} °F`
}
const orNa = (text: string, unit = '') => (text.trim() ? `${text.trim()}${unit}` : NA)

function StepRowForm({
  step,
  onSubmit,
  onCancel,
}: {
  step?: MashStep
  onSubmit: (draft: StepDraft) => void
  onCancel: () => void
}) {
  const [draft, setDraft] = useState<StepDraft>({
    type: step?.type ?? 'infusion-mash',
    temperature: step?.temperature ?? '',
    durationMins: step?.durationMins ?? '',
    targetpH: step?.targetpH ?? '',
    brewersNotes: step?.brewersNotes ?? '',
  })
  const text = (
    key: 'temperature' | 'durationMins' | 'targetpH' | 'brewersNotes',
    label: string,
    placeholder: string,
  ) => (
    <Input
      aria-label={label}
      placeholder={placeholder}
      value={draft[key]}
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      className="h-9 min-w-20"
    />
  )
  return (
    <tr className="bg-accent/30">
      <Cell>
        <RowSelect
          label="Step"
          value={draft.type}
          onChange={(type) => setDraft({ ...draft, type: type as MashStepType })}
          options={STEP_OPTIONS}
        />
      </Cell>
      <Cell>{text('temperature', 'Temperature', '°F')}</Cell>
      <Cell>{text('durationMins', 'Duration', 'Minutes')}</Cell>
      <Cell>{text('targetpH', 'Target pH', 'pH')}</Cell>
      <Cell>{text('brewersNotes', 'Brewers Notes', 'Notes')}</Cell>
      <Cell>
        <RowButtons isNew={!step} onSubmit={() => onSubmit(draft)} onCancel={onCancel} />
      </Cell>
    </tr>
  )
}

/**
 * Mash Steps: Step, Temperature, Duration, Target pH, Brewers Notes, with Move Up and Move Down (docs/product/02-products.md
 * §2). Moves, edits and deletes are reported to the screen, which reorders and renumbers the steps.
 */
export function MashTable({
  steps,
  readOnly,
  addLabel,
  onAdd,
  onUpdate,
  onDelete,
  onMove,
}: {
  steps: readonly MashStep[]
  readOnly: boolean
  addLabel: string
  onAdd: (step: Omit<MashStep, 'order'>) => void
  onUpdate: (step: Omit<MashStep, 'order'>) => void
  onDelete: (id: string) => void
  onMove: (id: string, direction: 'up' | 'down') => void
}) {
  const [mode, setMode] = useState<RowMode>(IDLE)
  const ordered = normaliseMashSteps(steps)
  const pages = usePages(ordered)
  const columns = ['Step', 'Temperature', 'Duration', 'Target pH', 'Brewers Notes']

  return (
    <div className="grid gap-3">
      <DataTable label="Mash Steps" columns={columns} hasActions={!readOnly}>
        {ordered.length === 0 && mode.kind !== 'adding' && (
          <EmptyRow colSpan={readOnly ? 5 : 6} text={NO_MASH_STEPS} />
        )}
        {pages.rows.map((step, index) => {
          const position = pages.offset + index
          const label = MASH_STEP_TYPES[step.type]
          if (mode.kind === 'editing' && mode.id === step.id) {
            return (
              <StepRowForm
                key={step.id}
                step={step}
                onSubmit={(draft) => {
                  onUpdate({ ...draft, id: step.id })
                  setMode(IDLE)
                }}
                onCancel={() => setMode(IDLE)}
              />
            )
          }
          return (
            <tr key={step.id}>
              <Cell className="font-medium">
                <span className="mr-2 text-muted-foreground tabular-nums">{step.order}.</span>
                {label}
              </Cell>
              <Cell label="Temperature">{mashTemperatureText(step.temperature)}</Cell>
              <Cell label="Duration">{orNa(step.durationMins, ' minutes')}</Cell>
              <Cell label="Target pH">{orNa(step.targetpH)}</Cell>
              <Cell
                label={step.brewersNotes ? 'Brewers Notes' : undefined}
                className="max-w-64 wrap-anywhere whitespace-pre-line"
              >
                {step.brewersNotes}
              </Cell>
              {!readOnly && (
                <Cell>
                  <div className="flex items-center justify-end gap-1">
                    <MoveButton
                      direction="up"
                      name={`${step.order}. ${label}`}
                      disabled={position === 0}
                      onClick={() => onMove(step.id, 'up')}
                    />
                    <MoveButton
                      direction="down"
                      name={`${step.order}. ${label}`}
                      disabled={position === ordered.length - 1}
                      onClick={() => onMove(step.id, 'down')}
                    />
                    <RowActions
                      name={`${step.order}. ${label}`}
                      editLabel="Edit Step"
                      deleteLabel="Delete Step"
                      onEdit={() => setMode({ kind: 'editing', id: step.id })}
                      onDelete={() => onDelete(step.id)}
                    />
                  </div>
                </Cell>
              )}
            </tr>
          )
        })}
        {mode.kind === 'adding' && (
          <StepRowForm
            onSubmit={(draft) => {
              onAdd({ ...draft, id: crypto.randomUUID() })
              setMode(IDLE)
              pages.toLastPage(ordered.length + 1)
            }}
            onCancel={() => setMode(IDLE)}
          />
        )}
      </DataTable>
      <Pager label="Mash Steps" {...pages} />
      {!readOnly && mode.kind === 'idle' && (
        <AddButton label={addLabel} onClick={() => setMode({ kind: 'adding' })} />
      )}
    </div>
  )
}

function MoveButton({
  direction,
  name,
  disabled,
  onClick,
}: {
  direction: 'up' | 'down'
  name: string
  disabled: boolean
  onClick: () => void
}) {
  const text = direction === 'up' ? 'Move Up' : 'Move Down'
  const Icon = direction === 'up' ? ArrowUp : ArrowDown
  const button = (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={`${text}: ${name}`}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="size-4" />
    </Button>
  )
  // A disabled button gets no pointer events, so its tooltip sits on a wrapper.
  return <Tooltip content={text}>{disabled ? <span tabIndex={-1}>{button}</span> : button}</Tooltip>
}
