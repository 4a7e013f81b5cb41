import { formatCents, PriceListChangeSchema, SalesSettingsChangeSchema } from '@brewcommand/domain'
import { useState } from 'react'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useAvailability, usePriceLists, useSalesSettings } from '../api/sales-api.ts'
import { centsOfText, SalesDialog } from './shared.tsx'

const dollars = (cents: number | undefined) => (cents === undefined ? '' : (cents / 100).toFixed(2))

/**
 * Prices and deposits: the default price list's base price per SKU (quantity breaks and other lists keep theirs),
 * the deposit per package type (a liability, never taxed) and the sales tax rate.
 */
export function PricesDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const write = useWrite()
  const options = useAvailability()
  const lists = usePriceLists(open)
  const settings = useSalesSettings(open)
  const list = lists.data?.find((l) => l.isDefault) ?? null
  const [prices, setPrices] = useState<Record<string, string>>({})
  const [deposits, setDeposits] = useState<Record<string, string>>({})
  const [taxRate, setTaxRate] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const types = [...new Map((options.data ?? []).map((o) => [o.packageTypeId, o.packageType])).entries()]
  const basePrice = (packageId: string) =>
    prices[packageId] ??
    dollars(list?.prices.find((p) => p.packageId === packageId && p.minQuantity === 1)?.unitPriceCents)
  const depositOf = (typeId: string) =>
    deposits[typeId] ?? dollars(settings.data?.deposits.find((d) => d.packageTypeId === typeId)?.depositCents)
  const rate = taxRate ?? (settings.data ? (settings.data.taxRateBasisPoints / 100).toString() : '0')
  const close = (next: boolean) => {
    if (!next) {
      setPrices({})
      setDeposits({})
      setTaxRate(null)
      setProblem(null)
    }
    onOpenChange(next)
  }
  const submit = () => {
    const base = (options.data ?? [])
      .filter((o) => basePrice(o.packageId).trim() !== '')
      .map((o) => ({
        packageId: o.packageId,
        minQuantity: 1,
        unitPriceCents: centsOfText(basePrice(o.packageId)),
      }))
    const breaks = (list?.prices ?? []).filter((p) => p.minQuantity > 1)
    const priceList = PriceListChangeSchema.safeParse({
      name: list?.name ?? 'Default',
      isDefault: true,
      prices: [...base, ...breaks],
    })
    const sales = SalesSettingsChangeSchema.safeParse({
      taxRateBasisPoints: Math.round(Number(rate) * 100),
      invoicePrefix: settings.data?.invoicePrefix ?? 'INV-',
      deposits: types
        .filter(([typeId]) => depositOf(typeId).trim() !== '')
        .map(([typeId]) => ({ packageTypeId: typeId, depositCents: centsOfText(depositOf(typeId)) })),
    })
    if (!priceList.success || !sales.success)
      return setProblem((priceList.error ?? sales.error)?.issues[0]?.message ?? 'Check the amounts.')
    if (list)
      write({
        kind: 'production',
        action: 'sales:change-price-list',
        uri: `/api/sales/price-lists/${list.id}`,
        data: priceList.data,
        name: list.name,
      })
    else
      write({
        kind: 'production',
        action: 'sales:add-price-list',
        uri: '/api/sales/price-lists',
        data: { id: crypto.randomUUID(), ...priceList.data },
        name: 'Default',
      })
    write({
      kind: 'production',
      action: 'sales:change-settings',
      uri: '/api/sales/settings',
      data: sales.data,
      name: '',
    })
    close(false)
  }
  return (
    <SalesDialog
      open={open}
      onOpenChange={close}
      title="Prices and deposits"
      submitLabel="Save"
      onSubmit={submit}
    >
      {(options.data ?? []).map((option, index) => (
        <FormField
          key={option.packageId}
          label={`${option.productName} ${option.packageType}`}
          unit="$ per unit"
          htmlFor={`sales-price-${index}`}
        >
          <Input
            id={`sales-price-${index}`}
            inputMode="decimal"
            value={basePrice(option.packageId)}
            onChange={(event) => setPrices((c) => ({ ...c, [option.packageId]: event.target.value }))}
          />
        </FormField>
      ))}
      {types.map(([typeId, type], index) => (
        <FormField
          key={typeId}
          label={`Deposit: ${type}`}
          unit="$ per unit"
          htmlFor={`sales-deposit-${index}`}
        >
          <Input
            id={`sales-deposit-${index}`}
            inputMode="decimal"
            value={depositOf(typeId)}
            placeholder={formatCents(0)}
            onChange={(event) => setDeposits((c) => ({ ...c, [typeId]: event.target.value }))}
          />
        </FormField>
      ))}
      <FormField label="Sales tax" unit="%" htmlFor="sales-tax-rate">
        <Input
          id="sales-tax-rate"
          inputMode="decimal"
          value={rate}
          onChange={(event) => setTaxRate(event.target.value)}
        />
      </FormField>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </SalesDialog>
  )
}
