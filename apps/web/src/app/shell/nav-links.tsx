import { NavLink } from 'react-router'
import { cn } from '@/lib/utils.ts'
import { NAV_ITEMS } from './nav-items.ts'

/** The section links; the active one carries aria-current="page" (set by NavLink) and is highlighted. */
export function NavLinks({
  orientation = 'horizontal',
  onNavigate,
}: {
  orientation?: 'horizontal' | 'vertical'
  onNavigate?: () => void
}) {
  return (
    <ul className={cn('flex gap-1', orientation === 'vertical' ? 'flex-col' : 'items-center')}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            className={cn(
              'block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors',
              'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              'aria-[current=page]:bg-accent aria-[current=page]:text-foreground',
              // The phone's menu: a thumb's target, 48 px high.
              orientation === 'vertical' && 'flex min-h-12 items-center text-base',
            )}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}
