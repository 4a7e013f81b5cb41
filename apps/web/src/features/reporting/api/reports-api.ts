import {
  CostsReadSchema,
  EfficiencyReadSchema,
  ExciseReturnReadSchema,
  LossesReadSchema,
  OperationsReportReadSchema,
  PhysicalInventorySchema,
  ProductionReadSchema,
  ReportLineDetailSchema,
  ReportPeriodReadSchema,
  RowEventReadSchema,
  TaxSettingsSchema,
} from '@brewcommand/domain'
import { z } from 'zod'
import { ApiError, api } from '@/lib/api-client.ts'

// One fetcher per reporting route (`/api/reports`, apps/server/src/modules/reporting/reporting.routes.ts).

export type TtbForm = '5130.26' | '5130.9' | '5000.24'
/** The path of each form and the query parameter that names its period. */
export const FORM_ROUTES: Record<TtbForm, { path: string; parameter: string }> = {
  '5130.26': { path: '5130-26', parameter: 'quarter' },
  '5130.9': { path: '5130-9', parameter: 'month' },
  '5000.24': { path: '5000-24', parameter: 'period' },
}
export type MonthRange = { from: string; to: string }

const rangeQuery = ({ from, to }: MonthRange) => `from=${from}&to=${to}`
const formQuery = (form: TtbForm, period: string) =>
  `${FORM_ROUTES[form].parameter}=${encodeURIComponent(period)}`

export const getProduction = (range: MonthRange, token: string) =>
  api.get(`/api/reports/production?${rangeQuery(range)}`, ProductionReadSchema, { token })
export const getLosses = (range: MonthRange, token: string) =>
  api.get(`/api/reports/losses?${rangeQuery(range)}`, LossesReadSchema, { token })
/** Which row's events: a production row by month and product, a losses row by line and reason (ADR 419). */
export type RowOf =
  { table: 'production'; month: string; product: string } | { table: 'losses'; line: string; reason: string }
/** How many events a page of a row's events lists. */
export const ROW_EVENTS_PAGE = 100
const rowQuery = (row: RowOf) =>
  row.table === 'production'
    ? `month=${row.month}&product=${encodeURIComponent(row.product)}`
    : `line=${row.line}&reason=${encodeURIComponent(row.reason)}`
/** A page of one row's events in posting order (`GET /api/reports/production/events`, `/losses/events`). */
export const getRowEvents = (range: MonthRange, row: RowOf, offset: number, token: string) =>
  api.get(
    `/api/reports/${row.table}/events?${rangeQuery(range)}&${rowQuery(row)}&offset=${offset}&limit=${ROW_EVENTS_PAGE}`,
    z.array(RowEventReadSchema),
    { token },
  )
export const getEfficiency = (range: MonthRange, token: string) =>
  api.get(`/api/reports/efficiency?${rangeQuery(range)}`, EfficiencyReadSchema, { token })
export const getCosts = (range: MonthRange, token: string) =>
  api.get(`/api/reports/costs?${rangeQuery(range)}`, CostsReadSchema, { token })
export const getOperations = (form: '5130.26' | '5130.9', period: string, token: string) =>
  api.get(
    `/api/reports/ttb/${FORM_ROUTES[form].path}?${formQuery(form, period)}`,
    OperationsReportReadSchema,
    {
      token,
    },
  )
export const getExcise = (period: string, token: string) =>
  api.get(`/api/reports/ttb/5000-24?${formQuery('5000.24', period)}`, ExciseReturnReadSchema, { token })
export const getLine = (form: TtbForm, period: string, line: string, token: string) =>
  api.get(
    `/api/reports/ttb/${FORM_ROUTES[form].path}/lines/${encodeURIComponent(line)}?${formQuery(form, period)}`,
    ReportLineDetailSchema,
    { token },
  )
export const getCounts = (range: MonthRange, token: string) =>
  api.get(`/api/reports/physical-inventories?${rangeQuery(range)}`, PhysicalInventorySchema.array(), {
    token,
  })
export const getTaxSettings = (token: string) =>
  api.get('/api/reports/tax-settings', TaxSettingsSchema, { token })
export const getPeriods = (token: string) =>
  api.get('/api/reports/periods', ReportPeriodReadSchema.array(), { token })

/** Where each file of the reports is downloaded from. */
export const downloads = {
  table: (
    table:
      'production' | 'losses' | 'efficiency' | 'daily' | 'batch-costs' | 'unit-costs' | 'inventory-value',
    range: MonthRange,
  ) => `/api/reports/${table}.csv?${rangeQuery(range)}`,
  form: (form: TtbForm, period: string, type: 'csv' | 'pdf') =>
    `/api/reports/ttb/${FORM_ROUTES[form].path}.${type}?${formQuery(form, period)}`,
}

/**
 * Downloads a file of the API (it needs the bearer token, so a plain link cannot): fetches it, then saves it
 * under the name the server gives in Content-Disposition.
 */
export async function downloadFile(path: string, token: string, save = saveBlob): Promise<void> {
  let response: Response
  try {
    response = await fetch(path, { headers: { authorization: `Bearer ${token}` } })
  } catch {
    throw new ApiError(0, { code: 'INTERNAL', message: 'Could not reach the server. Check your connection.' })
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
    throw new ApiError(response.status, {
      code: 'INTERNAL',
      message: body?.error?.message ?? `HTTP error! status: ${response.status}`,
    })
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'report'
  save(await response.blob(), name)
}

/** Saves a blob through a temporary link (what the browser offers as a download). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
