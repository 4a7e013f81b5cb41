import { ALERT_KINDS, type CellarAlert } from '@brewcommand/domain'
import { Button } from '@/components/ui/button.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
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
