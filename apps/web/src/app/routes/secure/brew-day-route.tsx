import { useParams } from 'react-router'
import { BrewDayScreen } from '@/features/brew-day/components/brew-day-screen.tsx'
import { NotFoundPage } from '../not-found.tsx'

/** `/secure/operations/batches/{batchId}/brew-day`: the batch's Brew Day screen. */
export function BrewDayRoute() {
  const { batchId = '' } = useParams()
  if (!/^[0-9a-f-]{36}$/i.test(batchId)) return <NotFoundPage />
  return <BrewDayScreen key={batchId} batchId={batchId} />
}
