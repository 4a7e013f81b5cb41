import { productIdFromObjectUri, type DataModifiedEvent } from '@brewcommand/domain'

export const OTHERS_CHANGE_TOAST = 'Synchronizing changes from another user.'

/**
 * The toast a broadcast change gets, or null. One's own save gets none: the header's save status says it
 * (issue 34). Another person's change to a product does; production records are merged by their own
 * screens (lib/production/use-production-sync.ts, features/cellar).
 */
export function changeToast(event: DataModifiedEvent, isOwn: boolean): string | null {
  if (isOwn) return null
  return productIdFromObjectUri(event.payload.objectUri) ? OTHERS_CHANGE_TOAST : null
}
