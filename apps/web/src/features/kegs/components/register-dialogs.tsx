import {
  AddKegsSchema,
  KEG_OWNER_LABELS,
  KEG_OWNERS,
  KEG_SIZE_LABELS,
  KEG_SIZES,
  KEGS_CSV_EXAMPLE,
} from '@brewcommand/domain'
import { useState } from 'react'
import { FormDialog } from '@/components/form-dialog.tsx'
import { CsvImportDialog } from '@/components/csv-import-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { usePreviewKegs } from '../api/kegs-api.ts'

type Values = Record<string, string>

/** Dollars typed ("120", "120.50") as cents; NaN when it is not an amount. */
function centsOfText(text: string): number {
  const match = /^\s*\$?(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) return Number.NaN
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

const INITIAL: Values = {
  count: '1',
  size: '1/6 BBL',
  owner: 'ours',
  ownerName: '',
  purchasedOn: '',
  cost: '',
  prefix: 'K-',
}

/** Add Kegs: a count of one size and owner, numbered on from the prefix. */
export function AddKegsDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const write = useWrite()
  const [values, setValues] = useState<Values>(INITIAL)
  const [errors, setErrors] = useState<Values>({})
  const field = (name: string) => ({
    id: `kegs-${name}`,
    value: values[name] ?? '',
    'aria-invalid': errors[name] ? true : undefined,
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
  })
  const close = (next: boolean) => {
    if (!next) {
      setValues(INITIAL)
      setErrors({})
    }
    onOpenChange(next)
  }
  const submit = () => {
    const parsed = AddKegsSchema.safeParse({
      count: values.count.trim() === '' ? Number.NaN : Number(values.count),
      size: values.size,
      owner: values.owner,
      ownerName: values.ownerName,
      purchasedOn: values.purchasedOn || null,
      costCents: values.cost.trim() === '' ? null : centsOfText(values.cost),
      prefix: values.prefix,
    })
    if (!parsed.success) {
      const next: Values = {}
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? 'form')
        next[name === 'costCents' ? 'cost' : name] ??= issue.message
      }
      setErrors(next)
      return
    }
    write({
      kind: 'production',
      action: 'kegs:add',
      uri: '/api/kegs',
      data: parsed.data,
      name: `${parsed.data.count} × ${parsed.data.size}`,
    })
    close(false)
  }
  return (
    <FormDialog
      title="Add Kegs"
      description="Each keg gets the next asset number after the prefix's highest."
      open={open}
      onOpenChange={close}
      submitLabel="Add Kegs"
      onSubmit={(event) => (event.preventDefault(), submit())}
    >
      <div className="grid max-h-[60vh] gap-4 overflow-y-auto pr-1">
        <FormField label="How many" htmlFor="kegs-count" error={errors.count}>
          <Input type="number" inputMode="numeric" min={1} max={500} {...field('count')} />
        </FormField>
        <FormField label="Size" htmlFor="kegs-size" error={errors.size}>
          <NativeSelect {...field('size')}>
            {KEG_SIZES.map((size) => (
              <option key={size} value={size}>
                {KEG_SIZE_LABELS[size]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Owner" htmlFor="kegs-owner" error={errors.owner}>
          <NativeSelect {...field('owner')}>
            {KEG_OWNERS.map((owner) => (
              <option key={owner} value={owner}>
                {KEG_OWNER_LABELS[owner]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {values.owner !== 'ours' && (
          <FormField label="Pool or lessor" htmlFor="kegs-ownerName" error={errors.ownerName}>
            <Input placeholder="MicroStar, Kegstar…" {...field('ownerName')} />
          </FormField>
        )}
        <FormField label="Purchase date" htmlFor="kegs-purchasedOn" error={errors.purchasedOn}>
          <Input type="date" {...field('purchasedOn')} />
        </FormField>
        <FormField label="Cost per keg" unit="$" htmlFor="kegs-cost" error={errors.cost}>
          <Input inputMode="decimal" {...field('cost')} />
        </FormField>
        <FormField label="Number prefix" htmlFor="kegs-prefix" error={errors.prefix}>
          <Input {...field('prefix')} />
        </FormField>
      </div>
    </FormDialog>
  )
}

/** Kegs from CSV: a preview naming each bad line, then one import (nothing before it). */
export function ImportKegsDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const write = useWrite()
  const previewKegs = usePreviewKegs()
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import kegs"
      description="A CSV file with asset number and size columns; owner (ours, leased, pool) and owner name are read when present."
      idPrefix="kegs-csv"
      example={KEGS_CSV_EXAMPLE}
      noun={{ one: 'keg', many: 'kegs' }}
      preview={previewKegs}
      onImport={(csv) =>
        write({
          kind: 'production',
          action: 'kegs:import',
          uri: '/api/kegs/import',
          data: { csv },
          name: 'Kegs',
        })
      }
    />
  )
}

/** The days a customer may hold a keg before it is flagged. */
export function DaysOutDialog({
  open,
  onOpenChange,
  current,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  current: number
}) {
  const write = useWrite()
  const [text, setText] = useState(String(current))
  const [error, setError] = useState<string | undefined>()
  return (
    <FormDialog
      title="Days-out limit"
      description="Kegs a customer holds longer than this are flagged, and the daily check alerts."
      open={open}
      onOpenChange={(next) => (next && setText(String(current)), setError(undefined), onOpenChange(next))}
      onSubmit={(event) => {
        event.preventDefault()
        const value = Number(text)
        if (!Number.isInteger(value) || value < 1 || value > 365) return setError('Whole days from 1 to 365')
        write({
          kind: 'production',
          action: 'kegs:settings',
          uri: '/api/kegs/settings',
          data: { daysOutLimit: value },
          name: 'Keg settings',
        })
        onOpenChange(false)
      }}
    >
      <FormField label="Days" htmlFor="kegs-days-out" error={error}>
        <Input
          id="kegs-days-out"
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </FormField>
    </FormDialog>
  )
}
