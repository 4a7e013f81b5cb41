import path from 'node:path'
import { REPO_ROOT } from './server.ts'

// The local fakes of QuickBooks Online and Xero for the Accounting journey (e2e/accounting.spec.ts): one process
// (apps/server/src/testing/accounting-fakes-cli.ts) started beside the e2e server by playwright.config.ts, on ports
// the runner picks once. The server reaches them through QUICKBOOKS_BASE_URL and XERO_BASE_URL; other journeys
// see two configured providers they never connect.

export const FAKES_ENTRY = path.join(REPO_ROOT, 'apps/server/src/testing/accounting-fakes-cli.ts')

/** The fakes' client ids and secrets (apps/server/src/modules/accounting/testing). */
const QUICKBOOKS_CLIENT = { id: 'qb-fake-client', secret: 'qb-fake-secret' }
const XERO_CLIENT = { id: 'xero-fake-client', secret: 'xero-fake-secret' }

export type FakesPorts = { quickbooks: number; xero: number; control: number }

/** The ports the runner picked (E2E_FAKES_PORTS, "qb,xero,control"), or null when the fakes are not started. */
export function fakesPorts(): FakesPorts | null {
  const [quickbooks, xero, control] = (process.env.E2E_FAKES_PORTS ?? '').split(',').map(Number)
  return quickbooks && xero && control ? { quickbooks, xero, control } : null
}

/** The server's accounting variables: both providers set up against the fakes. */
export function accountingEnv(publicUrl: string): Record<string, string> {
  const ports = fakesPorts()
  if (!ports) return {}
  return {
    QUICKBOOKS_CLIENT_ID: QUICKBOOKS_CLIENT.id,
    QUICKBOOKS_CLIENT_SECRET: QUICKBOOKS_CLIENT.secret,
    QUICKBOOKS_REDIRECT_URI: `${publicUrl}/secure/settings/integrations/callback/quickbooks`,
    QUICKBOOKS_ENVIRONMENT: 'sandbox',
    QUICKBOOKS_BASE_URL: `http://127.0.0.1:${ports.quickbooks}`,
    XERO_CLIENT_ID: XERO_CLIENT.id,
    XERO_CLIENT_SECRET: XERO_CLIENT.secret,
    XERO_REDIRECT_URI: `${publicUrl}/secure/settings/integrations/callback/xero`,
    XERO_BASE_URL: `http://127.0.0.1:${ports.xero}`,
    // A fixed test key: the e2e data folder is thrown away after the run.
    ACCOUNTING_TOKEN_KEY: 'e2e0'.repeat(16),
  }
}

/** What the journey asks the fakes' control server. */
export async function fakes<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const ports = fakesPorts()
  if (!ports) throw new Error('The accounting fakes are not running (E2E_FAKES_PORTS is unset)')
  const response = await fetch(`http://127.0.0.1:${ports.control}${url}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`fakes ${method} ${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}
