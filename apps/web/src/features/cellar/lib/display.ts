import { CLEANING_KINDS, celsiusToFahrenheit } from '@brewcommand/domain'
import { useCallback, useSyncExternalStore } from 'react'

// How the cellar shows its figures: gravity to 3 decimals, temperature in the unit the person chose (kept in
// this browser), barrels to 2 decimals as the TTB reports them.

export type TemperatureUnit = 'F' | 'C'
const KEY = 'brewcommand.cellar.temperatureUnit'
const listeners = new Set<() => void>()

function readUnit(): TemperatureUnit {
  try {
    return localStorage.getItem(KEY) === 'C' ? 'C' : 'F'
  } catch {
    return 'F'
  }
}

/** The person's temperature unit (°F unless they chose °C) and its setter. */
export function useTemperatureUnit(): [TemperatureUnit, (unit: TemperatureUnit) => void] {
  const unit = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    readUnit,
    () => 'F' as const,
  )
  const set = useCallback((next: TemperatureUnit) => {
    try {
      localStorage.setItem(KEY, next)
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    for (const listener of listeners) listener()
  }, [])
  return [unit, set]
}

export const temperatureIn = (celsius: number, unit: TemperatureUnit) =>
  unit === 'F' ? celsiusToFahrenheit(celsius) : celsius
export const formatTemperature = (celsius: number | null, unit: TemperatureUnit) =>
  celsius === null ? '—' : `${temperatureIn(celsius, unit).toFixed(1)} °${unit}`
export const formatGravity = (sg: number | null) => (sg === null ? '—' : sg.toFixed(3))
export const formatBarrels = (bbl: number) => `${bbl.toFixed(2)} bbl`
export const formatInstant = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A cleaning's kind as a brewer says it ("CIP", "Sanitise"), not its stored key; an unknown key as stored. */
export const cleaningKindLabel = (kind: string) => CLEANING_KINDS[kind as keyof typeof CLEANING_KINDS] ?? kind
