import {
  AgingSchema,
  AvailabilitySchema,
  CustomerDetailSchema,
  CustomerImportPreviewSchema,
  CustomerSchema,
  InvoiceSchema,
  isInventoryObjectUri,
  isSalesObjectUri,
  OrderSchema,
  PriceListSchema,
  SalesSettingsSchema,
} from '@brewcommand/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { z } from 'zod'
import { api, ApiError } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useBreweryRead } from '@/lib/brewery-read.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'

// The Sales pages' reads (GET /api/sales/…), keyed under ['sales', brewery], and the live update that refreshes
// them when the brewery's room hears of a sales change or a stock change (available to promise moves with both).

const useRead = <T>(parts: unknown[], path: string, schema: z.ZodType<T>, enabled = true) =>
  useBreweryRead('sales', parts, path, schema, enabled)

export const useCustomers = (enabled = true) =>
  useRead(['customers'], '/api/sales/customers', z.array(CustomerSchema), enabled)
export const useCustomerDetail = (customerId: string | null) =>
  useRead(
    ['customer', customerId],
    `/api/sales/customers/${customerId ?? ''}`,
    CustomerDetailSchema,
    customerId !== null,
  )
export const usePriceLists = (enabled = true) =>
  useRead(['price-lists'], '/api/sales/price-lists', z.array(PriceListSchema), enabled)
export const useSalesSettings = (enabled = true) =>
  useRead(['settings'], '/api/sales/settings', SalesSettingsSchema, enabled)
export const useAvailability = () =>
  useRead(['availability'], '/api/sales/availability', z.array(AvailabilitySchema))
export const useOrders = () => useRead(['orders'], '/api/sales/orders', z.array(OrderSchema))
export const useInvoices = (enabled = true) =>
  useRead(['invoices'], '/api/sales/invoices', z.array(InvoiceSchema), enabled)
export const useAging = (enabled = true) => useRead(['aging'], '/api/sales/aging', AgingSchema, enabled)

/** Previews a customer import (POST /api/sales/customers/import/preview): writes nothing, so no queued write. */
export function usePreviewCustomers() {
  const { getAccessToken } = useAuth()
  return async (csv: string) =>
    api.post('/api/sales/customers/import/preview', { csv }, CustomerImportPreviewSchema, {
      token: await getAccessToken(),
    })
}

/** Downloads an invoice's PDF (it needs the bearer token, so a plain link cannot). */
export function useDownloadInvoice() {
  const download = useDownloadPdf()
  return (invoiceId: string) => download(`/api/sales/invoices/${invoiceId}/pdf`, 'invoice.pdf')
}

/** Downloads a sales PDF (credit note, statement) with the bearer token. */
export function useDownloadPdf() {
  const { getAccessToken } = useAuth()
  return async (path: string, fallbackName: string) => {
    let response: Response
    try {
      response = await fetch(path, {
        headers: { authorization: `Bearer ${await getAccessToken()}` },
      })
    } catch {
      throw new ApiError(0, {
        code: 'INTERNAL',
        message: 'Could not reach the server. Check your connection.',
      })
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
      throw new ApiError(response.status, {
        code: 'INTERNAL',
        message: body?.error?.message ?? `The download failed (${response.status}).`,
      })
    }
    const name =
      /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName
    const url = URL.createObjectURL(await response.blob())
    const link = document.createElement('a')
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}

/** Refreshes sales when anyone's sales change or stock change reaches the brewery's room. */
export function useSalesSync() {
  const { subscribe } = useSocket()
  const { currentEntity } = useAppState()
  const queryClient = useQueryClient()
  const entityId = currentEntity?.entityId
  useEffect(() => {
    if (!entityId) return
    return subscribe('dataModified', (event) => {
      const uri = event.payload.objectUri
      if (isSalesObjectUri(uri) || isInventoryObjectUri(uri) || uri.startsWith('brewcommand://cellar/'))
        void queryClient.invalidateQueries({ queryKey: ['sales', entityId] })
    })
  }, [subscribe, entityId, queryClient])
}
