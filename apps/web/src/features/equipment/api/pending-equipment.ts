import type {
  BrewhouseConstants,
  BrewhouseDetail,
  ProductionWrite,
  Vessel,
  VesselInput,
} from '@brewcommand/domain'

/** A record as shown: the server's, with what the queue still holds for it applied. */
export type Shown<T> = T & { pending?: 'saving' | 'failed' }
type Pending = { write: ProductionWrite; failed: boolean }

const idOf = (uri: string) => uri.split('/')[4] ?? ''
const mark = (failed: boolean): 'failed' | 'saving' => (failed ? 'failed' : 'saving')

/**
 * The brewhouses with the queue's unsent equipment writes over them, in order: an added one shows at once
 * (version 1, no history yet), an edit shows its constants, a removal hides it until refused.
 */
export function brewhousesWithPending(server: readonly BrewhouseDetail[], pending: readonly Pending[]) {
  let list: Shown<BrewhouseDetail>[] = [...server]
  for (const { write, failed } of pending) {
    const id = idOf(write.uri)
    if (write.action === 'equipment:add-brewhouse' && write.data) {
      const data = write.data as BrewhouseConstants & { id: string }
      if (list.some((b) => b.id === data.id)) continue
      list = [
        ...list,
        {
          ...data,
          version: 1,
          versionId: data.id,
          savedAt: '',
          versions: [],
          calibration: { measuredBrews: 0, proposals: [] },
          pending: mark(failed),
        },
      ]
    } else if (write.action === 'equipment:change-brewhouse' && write.data) {
      const data = write.data as BrewhouseConstants
      list = list.map((b) => (b.id === id ? { ...b, ...data, pending: mark(failed) } : b))
    } else if (write.action === 'equipment:accept-calibration') {
      list = list.map((b) => (b.id === id ? { ...b, pending: mark(failed) } : b))
    } else if (write.action === 'equipment:remove-brewhouse') {
      list = failed
        ? list.map((b) => (b.id === id ? { ...b, pending: 'failed' } : b))
        : list.filter((b) => b.id !== id)
    }
  }
  return list
}

/** The vessels with the queue's unsent vessel writes over them (as brewhousesWithPending). */
export function vesselsWithPending(server: readonly Vessel[], pending: readonly Pending[]) {
  let list: Shown<Vessel>[] = [...server]
  for (const { write, failed } of pending) {
    const id = idOf(write.uri)
    if (write.action === 'equipment:add-vessel' && write.data) {
      const data = write.data as Vessel
      if (!list.some((v) => v.id === data.id)) list = [...list, { ...data, pending: mark(failed) }]
    } else if (write.action === 'equipment:change-vessel' && write.data) {
      const data = write.data as VesselInput
      list = list.map((v) => (v.id === id ? { ...v, ...data, pending: mark(failed) } : v))
    } else if (write.action === 'equipment:remove-vessel') {
      list = failed
        ? list.map((v) => (v.id === id ? { ...v, pending: 'failed' } : v))
        : list.filter((v) => v.id !== id)
    }
  }
  return list
}
