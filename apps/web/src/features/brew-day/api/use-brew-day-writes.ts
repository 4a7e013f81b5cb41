import {
  brewDayPath,
  brewStepPath,
  type ConfirmAddition,
  type FinishBrewDay,
  type MeasurementInput,
  type ProductionAction,
} from '@brewcommand/domain'
import { useCallback, useMemo } from 'react'
import { useWrite } from '@/lib/writes/use-write.ts'
import { unlockAudio } from '../lib/alarm.ts'

/**
 * The brew day's writes, queued as production intents (packages/domain/src/production/brew-day.writes.ts): sent
 * in order, kept while offline, and shown as pending until the server answers (lib/pending.ts). Every press also
 * unlocks the alarm's sound (browsers play audio only after a gesture).
 */
export function useBrewDayWrites(batchId: string, batchNumber: string) {
  const write = useWrite()
  const send = useCallback(
    (action: ProductionAction, uri: string, data: Record<string, unknown>, name: string) => {
      unlockAudio()
      write({ kind: 'production', action, uri, data, name })
    },
    [write],
  )
  return useMemo(
    () => ({
      start: () => send('brew-day:start', brewDayPath(batchId), {}, batchNumber),
      startStep: (key: string, title: string) =>
        send('brew-day:start-step', brewStepPath(batchId, key, 'start'), {}, title),
      completeStep: (key: string, title: string) =>
        send('brew-day:complete-step', brewStepPath(batchId, key, 'complete'), {}, title),
      extendStep: (key: string, title: string, minutes: number) =>
        send('brew-day:extend-step', brewStepPath(batchId, key, 'extend'), { minutes }, title),
      acknowledge: (key: string, title: string) =>
        send('brew-day:acknowledge', brewStepPath(batchId, key, 'acknowledge'), {}, title),
      confirmAddition: (key: string, title: string, input: ConfirmAddition) =>
        send('brew-day:confirm-addition', brewStepPath(batchId, key, 'confirm'), input, title),
      measure: (input: MeasurementInput, label: string) =>
        send('brew-day:record-measurement', `/api/batches/${batchId}/measurements`, input, label),
      finish: (input: FinishBrewDay) =>
        send('brew-day:finish', `${brewDayPath(batchId)}/finish`, input, batchNumber),
    }),
    [send, batchId, batchNumber],
  )
}
