import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-muted-foreground">There is nothing at this address.</p>
      <Button asChild>
        <Link to="/">Go to the home page</Link>
      </Button>
    </main>
  )
}
