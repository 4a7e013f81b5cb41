import { AppConfigSchema, type AppConfig } from '@brewcommand/domain'
import { createContext, use } from 'react'
import { api, ApiError } from './api-client.ts'

/** Where the last settings the server gave are kept, so the installed app can start offline. */
export const STORED_CONFIG_KEY = 'brewcommand:run-time-config'

function storedConfig(storage: Storage): AppConfig | null {
  try {
    const parsed = AppConfigSchema.safeParse(JSON.parse(storage.getItem(STORED_CONFIG_KEY) ?? 'null'))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * The server's run-time settings (`GET /api/config`), loaded before the app renders. The settings are public
 * (every visitor gets them); a copy is kept in the browser and used, validated again, only when the server
 * cannot be reached, so the app shell the service worker serves offline can start
 * (docs/decisions/180-installable-app-service-worker.md).
 */
export async function loadRunTimeConfig(storage: Storage = localStorage): Promise<AppConfig> {
  try {
    const config = await api.get('/api/config', AppConfigSchema)
    try {
      storage.setItem(STORED_CONFIG_KEY, JSON.stringify(config))
    } catch {
      // A full or disabled storage only costs starting offline.
    }
    return config
  } catch (error) {
    const offline = error instanceof ApiError && error.status === 0
    const stored = offline ? storedConfig(storage) : null
    if (!stored) throw error
    return stored
  }
}

export const RunTimeConfigContext = createContext<AppConfig | null>(null)

export function useRunTimeConfig(): AppConfig {
  const config = use(RunTimeConfigContext)
  if (!config) throw new Error('useRunTimeConfig outside RunTimeConfigContext')
  return config
}
