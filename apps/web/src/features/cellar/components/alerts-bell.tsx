import { Bell } from 'lucide-react'
import { DeferredPopup } from '@/components/deferred.tsx'
import { Button } from '@/components/ui/button.tsx'
import { useAlerts, useCellarLive } from '../api/cellar-api.ts'
import { CELLAR_TEXTS } from '../messages.ts'

const loadPopup = () => import('./alerts-bell-popup.tsx')

/**
 * The shell's bell: the unread count, live, and the list of alerts to acknowledge (alerts-bell-popup.tsx,
 * fetched on first use so the app's first page loads only what it shows, ADR 173).
 */
export function AlertsBell() {
  useCellarLive()
  const alerts = useAlerts()
  const unread = alerts.data?.unread ?? 0
  const trigger = (
    <Button variant="ghost" size="icon" className="relative" aria-label={CELLAR_TEXTS.bell(unread)}>
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          className="absolute top-1 right-1 grid min-w-5 place-items-center rounded-full bg-destructive px-1 text-xs font-semibold text-white"
          aria-hidden="true"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Button>
  )
  return (
    <DeferredPopup
      load={loadPopup}
      haspopup="menu"
      trigger={trigger}
      popup={({ AlertsBellPopup }, openOnMount) => (
        <AlertsBellPopup alerts={alerts} trigger={trigger} defaultOpen={openOnMount} />
      )}
    />
  )
}
