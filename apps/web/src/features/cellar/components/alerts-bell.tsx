import { ALERT_KINDS, type CellarAlert } from '@brewcommand/domain'
import { Bell } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useAlerts, useCellarLive } from '../api/cellar-api.ts'
import { formatInstant } from '../lib/display.ts'
import { useCellarCan } from '../lib/form.ts'
import { CELLAR_TEXTS } from '../messages.ts'

/** One alert with its Acknowledge button, or who acknowledged it and when. */
export function AlertItem({ alert }: { alert: CellarAlert }) {
  const write = useWrite()
  const canAcknowledge = useCellarCan('cellarWork')
  return (
    <li className="grid gap-1 border-b py-2 last:border-0">
      <span className="font-medium">{ALERT_KINDS[alert.kind] ?? alert.kind}</span>
      <span className="text-sm">{alert.message}</span>
      <span className="text-xs text-muted-foreground">{formatInstant(alert.raisedAt)}</span>
      {alert.resolvedAt ? (
        <span className="text-xs text-muted-foreground">
          {CELLAR_TEXTS.resolved} {formatInstant(alert.resolvedAt)}
        </span>
      ) : alert.acknowledgedAt ? (
        <span className="text-xs text-muted-foreground">
          {CELLAR_TEXTS.acknowledged} {formatInstant(alert.acknowledgedAt)}
        </span>
      ) : (
        canAcknowledge && (
          <Button
            variant="outline"
            className="min-h-11 w-fit"
            onClick={() =>
              write({
                kind: 'production',
                action: 'cellar:acknowledge-alert',
                uri: `/api/cellar/alerts/${alert.id}/acknowledge`,
                data: {},
                name: ALERT_KINDS[alert.kind],
              })
            }
          >
            {CELLAR_TEXTS.acknowledge}
          </Button>
        )
      )}
    </li>
  )
}

/** The shell's bell: the unread count, live, and the list of alerts to acknowledge. */
export function AlertsBell() {
  useCellarLive()
  const alerts = useAlerts()
  const unread = alerts.data?.unread ?? 0
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
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
      </DropdownMenuTrigger>
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
