import { Beer } from 'lucide-react'
import { Link } from 'react-router'

/** The BrewCommand word mark, linking home. */
export function Brand() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <Beer aria-hidden="true" className="size-5" />
      </span>
      <span className="text-lg">BrewCommand</span>
    </Link>
  )
}
