import { can, ORDER_STATUS_LABELS, type Order } from '@brewcommand/domain'
import { Button } from '@/components/ui/button.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { breweryToday, useBreweryTodayRead } from '@/lib/brewery-today.ts'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useOrders } from '../api/sales-api.ts'
import { boardOf } from './orders-board.ts'
import { stepsOf } from './orders-section.tsx'
import { ReadState } from './shared.tsx'

// The orders board: what is overdue, what is to pick and to load, and this week's deliveries by day. Built for a
// phone in the hand of the person loading the van: one column, big targets, the lines and lots in large type.

const dayName = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

export function BoardSection() {
  const orders = useOrders()
  const sells = can(useAppState().currentEntity?.role, 'sell')
  // Today where the brewery is (ADR 346), not on this device's clock: the van leaves from the brewery.
  const breweryDay = useBreweryTodayRead()
  const today = breweryToday(breweryDay.data)
  return (
    <section aria-labelledby="board-heading" className="grid gap-6">
      <h2 id="board-heading" className="text-xl font-semibold">
        Orders board
      </h2>
      <ReadState query={orders} what="orders" isEmpty={() => false} empty="">
        {(rows) => {
          if (today === null)
            return (
              <ReadState query={breweryDay} what="the brewery’s day" isEmpty={() => false} empty="">
                {() => null}
              </ReadState>
            )
          const board = boardOf(rows, today)
          return (
            <>
              <BoardList title="Overdue" orders={board.overdue} sells={sells} empty="Nothing overdue." />
              <BoardList title="To pick" orders={board.toPick} sells={sells} empty="Nothing to pick." />
              <BoardList
                title="To load and dispatch"
                orders={board.toLoad}
                sells={sells}
                empty="Nothing to load."
              />
              <section aria-labelledby="board-week" className="grid gap-3">
                <h3 id="board-week" className="text-lg font-semibold">
                  This week’s deliveries
                </h3>
                <ol className="grid gap-3 md:grid-cols-7">
                  {board.days.map(({ day, orders: due }) => (
                    <li
                      key={day}
                      aria-label={dayName(day)}
                      className={`rounded-xl border p-3 ${day === today ? 'border-primary' : ''}`}
                    >
                      <p className="font-medium">
                        {dayName(day)}
                        {day === today && ' (today)'}
                      </p>
                      {due.length === 0 ? (
                        <p className="text-sm text-muted-foreground">No deliveries.</p>
                      ) : (
                        <ul className="grid gap-1 text-sm">
                          {due.map((o) => (
                            <li key={o.id}>
                              {o.number} · {o.customerName} · {ORDER_STATUS_LABELS[o.status]}
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ol>
              </section>
            </>
          )
        }}
      </ReadState>
    </section>
  )
}

function BoardList({
  title,
  orders,
  sells,
  empty,
}: {
  title: string
  orders: Order[]
  sells: boolean
  empty: string
}) {
  const id = `board-${title.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-lg font-semibold">
        {title} ({orders.length})
      </h3>
      {orders.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-3" aria-label={title}>
          {orders.map((order) => (
            <BoardCard key={order.id} order={order} sells={sells} />
          ))}
        </ul>
      )}
    </section>
  )
}

function BoardCard({ order, sells }: { order: Order; sells: boolean }) {
  const write = useWrite()
  const steps = stepsOf(order, sells).filter((step) => step.variant !== 'outline')
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <p className="text-lg font-medium">
        {order.number} · {order.customerName}
      </p>
      <p className="text-sm text-muted-foreground">
        {ORDER_STATUS_LABELS[order.status]}
        {order.requestedDeliveryOn && ` · deliver ${order.requestedDeliveryOn}`}
        {[order.deliveryAddress.line1, order.deliveryAddress.city].filter(Boolean).length > 0 &&
          ` · ${[order.deliveryAddress.line1, order.deliveryAddress.city].filter(Boolean).join(', ')}`}
      </p>
      <ul className="grid gap-1 text-base">
        {order.lines.map((line) => (
          <li key={line.id}>
            <strong>{line.quantity} ×</strong> {line.productName} {line.packageType}
            {line.lots.length > 0 &&
              ` · batch ${line.lots.map((lot) => `${lot.batchNumber || 'unnumbered'} (${lot.units})`).join(', ')}`}
          </li>
        ))}
      </ul>
      {steps.map((step) => (
        <Button
          key={step.action}
          className="min-h-14 w-full text-lg"
          aria-label={`${step.label} ${order.number}`}
          onClick={() =>
            write({
              kind: 'production',
              action: step.action,
              uri: `/api/sales/orders/${order.id}/${step.path}`,
              data: step.action === 'sales:dispatch-order' ? { dispatchedAt: null } : { note: '' },
              name: order.number,
            })
          }
        >
          {step.label}
        </Button>
      ))}
    </li>
  )
}
