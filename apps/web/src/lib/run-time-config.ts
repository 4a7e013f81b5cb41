import type { AppConfig } from '@brewcommand/domain'
import { createContext, use } from 'react'

/** Where the last settings the server gave are kept, so the installed app can start offline. */
export const STORED_CONFIG_KEY = 'brewcommand:run-time-config'

function storedConfig(storage: Storage): AppConfig | null {
  try {
    return parseAppConfig(JSON.parse(storage.getItem(STORED_CONFIG_KEY) ?? 'null'))
  } catch {
    return null
  }
}

/**
 * The server's run-time settings (`GET /api/config`), loaded before the app renders. Checked here by
 * hand, not by the domain's `AppConfigSchema`: zod would otherwise be part of every first visit's
 * JavaScript (ADR 171); `run-time-config.test.ts` holds the two to the same answers. The settings are
 * public; a copy is kept in the browser and used, checked again, only when the server cannot be
 * reached, so the app shell the service worker serves offline can start (ADR 180).
 */
export async function loadRunTimeConfig(storage: Storage = localStorage): Promise<AppConfig> {
  let response: Response
  try {
    response = await fetch('/api/config', { headers: { accept: 'application/json' } })
  } catch {
    const stored = storedConfig(storage)
    if (stored) return stored
    throw new Error('Could not reach the server. Check your connection.')
  }
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`)
  const config = parseAppConfig(((await response.json()) as { data?: unknown } | null)?.data)
  try {
    storage.setItem(STORED_CONFIG_KEY, JSON.stringify(config))
  } catch {
    // A full or disabled storage only costs starting offline.
  }
  return config
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function fail(path: string): never {
  throw new Error(`The server's settings are not valid: ${path}`)
}
function text(object: Json, key: string, path: string): string {
  const value = object[key]
  return typeof value === 'string' ? value : fail(`${path}${key}`)
}
function oneOf<T extends string>(object: Json, key: string, values: readonly T[], path: string): T {
  const value = object[key]
  return values.includes(value as T) ? (value as T) : fail(`${path}${key}`)
}
function object(value: unknown, path: string): Json {
  return isObject(value) ? value : fail(path)
}

/** The settings as `AppConfigSchema` reads them (unknown keys dropped), or an Error naming the field. */
export function parseAppConfig(value: unknown): AppConfig {
  const root = object(value, 'data')
  const oidc = object(root.oidc, 'oidc')
  const payments = object(root.payments, 'payments')
  const publishableKey = payments.publishableKey
  if (publishableKey !== null && typeof publishableKey !== 'string') fail('payments.publishableKey')
  if (typeof oidc.builtIn !== 'boolean') fail('oidc.builtIn')
  if (!Array.isArray(root.plans)) fail('plans')
  return {
    publicUrl: text(root, 'publicUrl', ''),
    environment: oneOf(root, 'environment', ['development', 'test', 'production'], ''),
    oidc: {
      issuer: text(oidc, 'issuer', 'oidc.'),
      clientId: text(oidc, 'clientId', 'oidc.'),
      audience: text(oidc, 'audience', 'oidc.'),
      builtIn: oidc.builtIn,
    },
    payments: { mode: oneOf(payments, 'mode', ['test', 'stripe'], 'payments.'), publishableKey },
    plans: root.plans.map((plan: unknown, i) => {
      const entry = object(plan, `plans.${i}`)
      return {
        id: oneOf(entry, 'id', ['monthly', 'annual'], `plans.${i}.`),
        priceId: text(entry, 'priceId', `plans.${i}.`),
      }
    }),
  }
}

export const RunTimeConfigContext = createContext<AppConfig | null>(null)

export function useRunTimeConfig(): AppConfig {
  const config = use(RunTimeConfigContext)
  if (!config) throw new Error('useRunTimeConfig outside RunTimeConfigContext')
  return config
}
