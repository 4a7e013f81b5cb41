import { TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'

/** Full-page error when the bootstrap call failed, with a way to try again. */
export function BootstrapError({
  error,
  isRetrying,
  onRetry,
}: {
  error: Error
  isRetrying: boolean
  onRetry: () => void
}) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-8 text-center">
      <TriangleAlert aria-hidden="true" className="size-10 text-destructive" />
      <h1 className="text-2xl font-semibold">We could not load your brewery</h1>
      <p role="alert" className="max-w-md text-muted-foreground">
        {error.message}
      </p>
      <Button onClick={onRetry} disabled={isRetrying}>
        {isRetrying ? 'Retrying…' : 'Retry'}
      </Button>
    </main>
  )
}
