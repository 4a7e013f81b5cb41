import {
  CUSTOMER_KIND_LABELS,
  CUSTOMER_KINDS,
  CustomerChangeSchema,
  NewCustomerSchema,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  type Customer,
} from '@brewcommand/domain'
import { useEffect } from 'react'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { usePriceLists } from '../api/sales-api.ts'
import { errorsOf, SalesDialog, useFields, type Values } from './shared.tsx'

// New Customer and Edit Customer: one form. "Invoice each order at dispatch" (on by default) decides whether
// Dispatch issues the order's invoice or the orders wait for Create Invoice (ADR 345).

const BLANK: Values = {
  kind: 'bar',
  paymentTerms: 'net-30',
  priceListId: '',
  taxExempt: 'no',
  invoiceAtDispatch: 'yes',
}

/** The form's values of a stored customer (Edit Customer). */
function valuesOf(customer: Customer): Values {
  const contact = customer.contacts[0]
  return {
    name: customer.name,
    kind: customer.kind,
    contactName: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    line1: customer.billingAddress.line1,
    city: customer.billingAddress.city,
    state: customer.billingAddress.state,
    zip: customer.billingAddress.zip,
    licenceNumber: customer.licenceNumber,
    licenceExpiresOn: customer.licenceExpiresOn ?? '',
    paymentTerms: customer.paymentTerms,
    priceListId: customer.priceListId ?? '',
    taxExempt: customer.taxExempt ? 'yes' : 'no',
    taxExemptReason: customer.taxExemptReason,
    notes: customer.notes,
    invoiceAtDispatch: customer.invoiceAtDispatch ? 'yes' : 'no',
  }
}

/** New Customer (no `customer`) or Edit Customer. */
export function CustomerDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer?: Customer
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const write = useWrite()
  const lists = usePriceLists()
  const form = useFields(customer ? valuesOf(customer) : BLANK)
  const { setValues } = form
  useEffect(() => {
    if (open && customer) setValues(valuesOf(customer))
  }, [open, customer, setValues])
  const close = (next: boolean) => {
    if (!next) form.reset()
    onOpenChange(next)
  }
  const submit = () => {
    const { values } = form
    const address = {
      line1: values.line1 ?? '',
      line2: customer?.billingAddress.line2 ?? '',
      city: values.city ?? '',
      state: values.state ?? '',
      zip: values.zip ?? '',
      country: customer?.billingAddress.country ?? '',
    }
    const fields = {
      name: values.name ?? '',
      kind: values.kind,
      licenceNumber: values.licenceNumber ?? '',
      licenceExpiresOn: values.licenceExpiresOn ? values.licenceExpiresOn : null,
      billingAddress: address,
      deliveryAddress: customer ? customer.deliveryAddress : address,
      contacts:
        values.contactName || values.email || values.phone
          ? [
              { name: values.contactName ?? '', email: values.email ?? '', phone: values.phone ?? '' },
              ...(customer?.contacts.slice(1) ?? []),
            ]
          : (customer?.contacts.slice(1) ?? []),
      paymentTerms: values.paymentTerms,
      taxExempt: values.taxExempt === 'yes',
      taxExemptReason: values.taxExemptReason ?? '',
      priceListId: values.priceListId ? values.priceListId : null,
      notes: values.notes ?? '',
      invoiceAtDispatch: values.invoiceAtDispatch !== 'no',
    }
    const parsed = customer
      ? CustomerChangeSchema.safeParse(fields)
      : NewCustomerSchema.safeParse({ id: crypto.randomUUID(), ...fields })
    if (!parsed.success) {
      const errors = errorsOf(parsed.error)
      if (errors['contacts.0.email']) errors.email = errors['contacts.0.email']
      return form.setErrors(errors)
    }
    if (customer)
      write({
        kind: 'production',
        action: 'sales:change-customer',
        uri: `/api/sales/customers/${customer.id}`,
        data: parsed.data,
        name: parsed.data.name,
      })
    else
      write({
        kind: 'production',
        action: 'sales:add-customer',
        uri: '/api/sales/customers',
        data: parsed.data,
        name: parsed.data.name,
      })
    close(false)
  }
  const text = (name: string, label: string, extra: Record<string, string> = {}) => (
    <FormField label={label} htmlFor={`sales-${name}`} error={form.errors[name]}>
      <Input {...form.field(name)} {...extra} />
    </FormField>
  )
  return (
    <SalesDialog
      open={open}
      onOpenChange={close}
      title={customer ? 'Edit Customer' : 'New Customer'}
      submitLabel={customer ? 'Save' : 'Create'}
      onSubmit={submit}
    >
      {text('name', 'Name', { autoFocus: 'true' })}
      <FormField label="Kind" htmlFor="sales-kind" error={form.errors.kind}>
        <NativeSelect {...form.field('kind')}>
          {CUSTOMER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CUSTOMER_KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {text('contactName', 'Contact name')}
      {text('email', 'Email', { type: 'email' })}
      {text('phone', 'Phone', { type: 'tel' })}
      {text('line1', 'Address')}
      {text('city', 'City')}
      {text('state', 'State')}
      {text('zip', 'ZIP')}
      {text('licenceNumber', 'Licence number')}
      {text('licenceExpiresOn', 'Licence expires', { type: 'date' })}
      <FormField label="Payment terms" htmlFor="sales-paymentTerms" error={form.errors.paymentTerms}>
        <NativeSelect {...form.field('paymentTerms')}>
          {PAYMENT_TERMS.map((terms) => (
            <option key={terms} value={terms}>
              {PAYMENT_TERMS_LABELS[terms]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Price list" htmlFor="sales-priceListId" error={form.errors.priceListId}>
        <NativeSelect {...form.field('priceListId')}>
          <option value="">The default list</option>
          {(lists.data ?? []).map((list) => (
            <option key={list.id} value={list.id}>
              {list.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Tax exempt" htmlFor="sales-taxExempt" error={form.errors.taxExempt}>
        <NativeSelect {...form.field('taxExempt')}>
          <option value="no">No</option>
          <option value="yes">Yes</option>
        </NativeSelect>
      </FormField>
      {form.values.taxExempt === 'yes' && text('taxExemptReason', 'Reason for the exemption')}
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input
          id="sales-invoiceAtDispatch"
          type="checkbox"
          className="size-5"
          checked={form.values.invoiceAtDispatch !== 'no'}
          onChange={(event) =>
            setValues((current) => ({ ...current, invoiceAtDispatch: event.target.checked ? 'yes' : 'no' }))
          }
        />
        Invoice each order at dispatch
      </label>
      {form.values.invoiceAtDispatch === 'no' && (
        <p className="text-sm text-muted-foreground">
          Dispatched orders wait for Create Invoice, which puts several of them on one invoice.
        </p>
      )}
      <FormField label="Notes" htmlFor="sales-notes" error={form.errors.notes}>
        <Textarea {...form.field('notes')} />
      </FormField>
    </SalesDialog>
  )
}
