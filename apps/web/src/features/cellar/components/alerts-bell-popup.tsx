import type { ReactElement } from 'react'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx'
import type { useAlerts } from '../api/cellar-api.ts'
import { CELLAR_TEXTS } from '../messages.ts'
import { AlertItem } from './alert-item.tsx'

/**
 * The bell's list of alerts, a Radix dropdown fetched on first use (alerts-bell.tsx, ADR 173): the bell
 * itself and its live count are on every page, the menu only once someone opens it.
 */
export function AlertsBellPopup({
  alerts,
  trigger,
  defaultOpen,
}: {
  alerts: ReturnType<typeof useAlerts>
  trigger: ReactElement
  defaultOpen: boolean
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-[70vh] w-80 overflow-y-auto p-3">
        <h2 className="mb-1 font-semibold">{CELLAR_TEXTS.alertsTitle}</h2>
        {alerts.isPending && <p className="text-sm text-muted-foreground">{CELLAR_TEXTS.loading}</p>}
        {alerts.isError && (
          <p className="text-sm" role="alert">
            {alerts.error.message}
          </p>
        )}
        {alerts.data?.alerts.length === 0 && (
          <p className="text-sm text-muted-foreground">{CELLAR_TEXTS.noAlerts}</p>
        )}
        <ul>
          {alerts.data?.alerts.slice(0, 30).map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </ul>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
