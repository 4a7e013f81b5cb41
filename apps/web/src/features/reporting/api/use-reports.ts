import { OBJECT_URI_SCHEME } from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'
import {
  getCosts,
  getCounts,
  getEfficiency,
  getExcise,
  getLine,
  getLosses,
  getOperations,
  getPeriods,
  getProduction,
  getRowEvents,
  getTaxSettings,
  type MonthRange,
  type RowOf,
  type TtbForm,
} from './reports-api.ts'

/** Every reporting query's key starts here, so one invalidation refreshes them all. */
const REPORTS = 'reports'

function useReportQuery<T>(key: readonly unknown[], fetch: (token: string) => Promise<T>, enabled = true) {
  const { currentEntity } = useAppState()
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: [REPORTS, currentEntity?.entityId, ...key],
    queryFn: async () => fetch(await getAccessToken()),
    enabled: enabled && currentEntity !== undefined,
    retry: 1,
  })
}

export const useProduction = (range: MonthRange) =>
  useReportQuery(['production', range], (token) => getProduction(range, token))
export const useLosses = (range: MonthRange) =>
  useReportQuery(['losses', range], (token) => getLosses(range, token))
export const useEfficiency = (range: MonthRange) =>
  useReportQuery(['efficiency', range], (token) => getEfficiency(range, token))
export const useCosts = (range: MonthRange) =>
  useReportQuery(['costs', range], (token) => getCosts(range, token))
export const useOperations = (form: '5130.26' | '5130.9', period: string) =>
  useReportQuery(['ttb', form, period], (token) => getOperations(form, period, token))
export const useExcise = (period: string, enabled: boolean) =>
  useReportQuery(['ttb', '5000.24', period], (token) => getExcise(period, token), enabled)
export const useLine = (form: TtbForm, period: string, line: string | null) =>
  useReportQuery(
    ['line', form, period, line],
    (token) => getLine(form, period, line ?? '', token),
    line !== null,
  )
/** A page of one row's events; idle while no row is open. */
export const useRowEvents = (range: MonthRange, row: RowOf | null, offset: number) =>
  useReportQuery(
    ['row-events', range, row, offset],
    (token) => getRowEvents(range, row!, offset, token),
    row !== null,
  )
export const useCounts = (range: MonthRange) =>
  useReportQuery(['counts', range], (token) => getCounts(range, token))
export const useTaxSettings = (enabled: boolean) => useReportQuery(['tax'], getTaxSettings, enabled)
export const usePeriods = () => useReportQuery(['periods'], getPeriods)

/**
 * Live updates: any change of the brewery that is not a product (the ledger, batches, counts, closed periods,
 * tax settings) may move a report, so the reports are read afresh when the brewery's room hears one.
 */
export function useReportsLive() {
  const { subscribe } = useSocket()
  const queryClient = useQueryClient()
  useEffect(
    () =>
      subscribe('dataModified', (event) => {
        if (!event.payload.objectUri.startsWith(`${OBJECT_URI_SCHEME}products/`)) {
          void queryClient.invalidateQueries({ queryKey: [REPORTS] })
        }
      }),
    [subscribe, queryClient],
  )
}
