import { AppConfigSchema, type AppConfig } from '@brewcommand/domain'
import { createContext, use } from 'react'
import { api } from './api-client.ts'

/** The server's run-time settings (`GET /api/config`), loaded before the app renders. */
export function loadRunTimeConfig(): Promise<AppConfig> {
  return api.get('/api/config', AppConfigSchema)
}

export const RunTimeConfigContext = createContext<AppConfig | null>(null)

export function useRunTimeConfig(): AppConfig {
  const config = use(RunTimeConfigContext)
  if (!config) throw new Error('useRunTimeConfig outside RunTimeConfigContext')
  return config
}
