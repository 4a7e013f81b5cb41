import { parsePeriod } from '@brewcommand/domain'

/** The quarter an instant falls in ('2026-Q4'). */
export const quarterOf = (date: Date) => `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`

/** The quarters a person can choose: this one and the eleven before it, newest first. */
export function quarterOptions(now: Date): string[] {
  const options: string[] = []
  let index = now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3)
  for (let count = 0; count < 12; count++, index--)
    options.push(`${Math.floor(index / 4)}-Q${(index % 4) + 1}`)
  return options
}

/** The quarter in progress: where the Reporting page opens (issue 34, defect 7). */
export const currentQuarter = (now: Date) => quarterOptions(now)[0]

/** The months of a quarter as a range ('2026-Q3' → 2026-07 to 2026-09) and as a list. */
export function monthsOfQuarter(quarter: string) {
  const period = parsePeriod(quarter)
  if (!period) return { from: '', to: '', months: [] }
  const first = Number(period.from.slice(5, 7))
  const year = period.from.slice(0, 4)
  const months = [0, 1, 2].map((offset) => `${year}-${String(first + offset).padStart(2, '0')}`)
  return { from: months[0], to: months[2], months }
}
