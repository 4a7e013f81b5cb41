import { formatStock } from '@brewcommand/domain'
import { AlertTriangle } from 'lucide-react'
import { useStartShortfalls } from '../api/start-shortfalls.ts'
import { startShortfallMessages as t } from '../messages.ts'

/** Before Start Brew Day: each ingredient the stock on record cannot cover, and what happens to the shortfall. */
export function StartShortfalls({ batchId, enabled }: { batchId: string; enabled: boolean }) {
  const read = useStartShortfalls(batchId, enabled)
  const shortfalls = read.data?.shortfalls ?? []
  if (shortfalls.length === 0) return null
  return (
    <section
      aria-labelledby="start-shortfalls"
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h3 id="start-shortfalls" className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4" />
        {t.title}
      </h3>
      <ul className="grid list-disc gap-1 pl-5">
        {shortfalls.map((shortfall) => (
          <li key={`${shortfall.itemId ?? shortfall.itemName}|${shortfall.unit}`} dir="auto">
            {t.line(
              shortfall.itemName,
              formatStock(shortfall.needed, shortfall.unit),
              formatStock(shortfall.available, shortfall.unit),
              formatStock(shortfall.short, shortfall.unit),
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm">{t.explain}</p>
    </section>
  )
}
