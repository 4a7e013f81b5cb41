import { Link } from 'react-router'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useCellarDashboard, useCellarLive } from '../api/cellar-api.ts'
import { CELLAR_TASK_TEXTS, CELLAR_TEXTS } from '../messages.ts'
import { AlertItem } from './alert-item.tsx'
import { CellarTasksList } from './cellar-tasks.tsx'

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid content-start gap-2 rounded-xl border bg-card p-4 shadow-xs" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  )
}

/** Below the greeting: the cellar tasks, today's brew days, the tanks that need attention and the unread alerts. */
export function CellarDashboardSection() {
  useCellarLive()
  const dashboard = useCellarDashboard()
  if (dashboard.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> {CELLAR_TEXTS.loading}
      </p>
    )
  if (dashboard.isError) return <p role="alert">{dashboard.error.message}</p>
  const { brewDaysToday, tanksNeedingAttention, unreadAlerts, alerts } = dashboard.data
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <div className="md:col-span-3">
        <Card title={CELLAR_TASK_TEXTS.title}>
          <CellarTasksList limit={5} />
        </Card>
      </div>
      <Card title={CELLAR_TEXTS.brewDaysToday}>
        {brewDaysToday.length === 0 ? (
          <p className="text-sm text-muted-foreground">{CELLAR_TEXTS.noBrewDays}</p>
        ) : (
          <ul className="grid gap-1">
            {brewDaysToday.map((batch) => (
              <li key={batch.id}>
                <Link className="underline" to={`/secure/operations/batches/${batch.id}`}>
                  {batch.number} · {batch.productName}
                </Link>{' '}
                <span className="text-sm text-muted-foreground">({batch.status})</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={CELLAR_TEXTS.tanksNeedingAttention}>
        {tanksNeedingAttention.length === 0 ? (
          <p className="text-sm text-muted-foreground">{CELLAR_TEXTS.allTanksFine}</p>
        ) : (
          <ul className="grid gap-1">
            {tanksNeedingAttention.map((tank) => (
              <li key={tank.vesselId}>
                <Link className="font-medium underline" to="/secure/operations/cellar">
                  {tank.name}
                </Link>
                : {tank.reasons.join(', ')}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`${CELLAR_TEXTS.unreadAlerts} (${unreadAlerts})`}>
        {alerts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{CELLAR_TEXTS.noAlerts}</p>
        ) : (
          <ul>
            {alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
