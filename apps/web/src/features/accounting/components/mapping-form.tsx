import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { ReadState } from '@/components/read-state.tsx'
import { Button } from '@/components/ui/button.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import {
  MAPPING_ROLES,
  useChartOfAccounts,
  useSaveMapping,
  type ChartAccount,
  type Mapping,
  type MappingRole,
} from '../api/accounting-api.ts'

const nameOf = (account: ChartAccount) => (account.code ? `${account.code} · ${account.name}` : account.name)

/** The accounts a role is usually mapped to first, then the rest of the chart (a bookkeeper may know better). */
function optionsFor(accounts: ChartAccount[], groups: readonly string[]) {
  const fitting = accounts.filter((a) => groups.includes(a.group))
  const others = accounts.filter((a) => !groups.includes(a.group))
  return { fitting, others }
}

/**
 * Mapping: which account of the company's own chart (read through the provider's API) each kind of amount goes to;
 * what is saved is preselected, else the suggestion the server made from the chart.
 */
export function MappingForm({ mapping, providerLabel }: { mapping: Mapping; providerLabel: string }) {
  const chart = useChartOfAccounts()
  return (
    <section aria-labelledby="accounting-mapping" className="grid gap-3">
      <h3 id="accounting-mapping" className="text-lg font-semibold">
        Mapping
      </h3>
      <p className="text-sm text-muted-foreground">
        Choose where BrewCommand's invoices, deposits, tax and payments land in {providerLabel}. The accounts
        come from your chart of accounts there; the likely ones are chosen for you.
      </p>
      <ReadState
        query={chart}
        what="the chart of accounts"
        empty={`The chart of accounts in ${providerLabel} is empty: add accounts there first.`}
        isEmpty={(data) => data.accounts.length === 0}
      >
        {(data) => <MappingFields accounts={data.accounts} mapping={mapping} suggested={data.suggested} />}
      </ReadState>
    </section>
  )
}

function MappingFields({
  accounts,
  mapping,
  suggested,
}: {
  accounts: ChartAccount[]
  mapping: Mapping
  suggested: Mapping
}) {
  const save = useSaveMapping()
  const known = new Set(accounts.map((a) => a.id))
  const [chosen, setChosen] = useState<Record<MappingRole, string>>(
    () =>
      Object.fromEntries(
        MAPPING_ROLES.map(({ key }) => {
          const saved = mapping[key]?.id
          return [key, saved && known.has(saved) ? saved : (suggested[key]?.id ?? '')]
        }),
      ) as Record<MappingRole, string>,
  )
  // Income per package type (a keg line to one account, cans to another): the brewery's package types by name, as
  // the invoice lines name them; empty is "the beer sales account above".
  const packageTypes = (useAppState().currentEntity?.packagingTypes ?? []).map((type) => type.packageType)
  const [byPackage, setByPackage] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(mapping.incomeByPackageType ?? {})
        .filter(([, ref]) => known.has(ref.id))
        .map(([type, ref]) => [type, ref.id]),
    ),
  )
  const incomeAccounts = accounts.filter((a) => a.group === 'income')
  const [error, setError] = useState<string | null>(null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const byId = new Map(accounts.map((a) => [a.id, a]))
    const ref = (id: string | undefined) => {
      const account = id ? byId.get(id) : undefined
      return account ? { id: account.id, code: account.code, name: account.name } : undefined
    }
    const next: Mapping = {
      incomeByPackageType: Object.fromEntries(
        Object.entries(byPackage).flatMap(([type, id]) => {
          const account = ref(id)
          return account ? [[type, account]] : []
        }),
      ),
    }
    for (const { key } of MAPPING_ROLES) {
      const account = byId.get(chosen[key])
      if (account) next[key] = { id: account.id, code: account.code, name: account.name }
    }
    setError(null)
    save.mutate(next, {
      onSuccess: () => toast.success('Mapping saved.'),
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : String(failure)),
    })
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Account mapping">
      <div className="grid gap-4 sm:grid-cols-2">
        {MAPPING_ROLES.map(({ key, label, groups }) => {
          const { fitting, others } = optionsFor(accounts, groups)
          const id = `mapping-${key}`
          return (
            <div key={key} className="grid gap-1.5">
              <label htmlFor={id} className="text-sm font-medium">
                {label}
              </label>
              <NativeSelect
                id={id}
                className="h-11"
                value={chosen[key]}
                onChange={(event) => setChosen({ ...chosen, [key]: event.target.value })}
              >
                <option value="">Not mapped</option>
                {fitting.length > 0 && (
                  <optgroup label="Suggested kinds">
                    {fitting.map((account) => (
                      <option key={account.id} value={account.id}>
                        {nameOf(account)}
                      </option>
                    ))}
                  </optgroup>
                )}
                {others.length > 0 && (
                  <optgroup label="Other accounts">
                    {others.map((account) => (
                      <option key={account.id} value={account.id}>
                        {nameOf(account)}
                      </option>
                    ))}
                  </optgroup>
                )}
              </NativeSelect>
            </div>
          )
        })}
      </div>
      {packageTypes.length > 0 && incomeAccounts.length > 0 && (
        <details className="rounded-lg border p-3">
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium">
            Income per package type (optional)
          </summary>
          <div className="grid gap-4 pt-2 sm:grid-cols-2">
            {packageTypes.map((type, index) => {
              const id = `mapping-package-${index}`
              return (
                <div key={type} className="grid gap-1.5">
                  <label htmlFor={id} className="text-sm font-medium">
                    Income from {type}
                  </label>
                  <NativeSelect
                    id={id}
                    className="h-11"
                    value={byPackage[type] ?? ''}
                    onChange={(event) => setByPackage({ ...byPackage, [type]: event.target.value })}
                  >
                    <option value="">Same as beer sales</option>
                    {incomeAccounts.map((account) => (
                      <option key={account.id} value={account.id}>
                        {nameOf(account)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              )
            })}
          </div>
        </details>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save mapping'}
      </Button>
    </form>
  )
}
