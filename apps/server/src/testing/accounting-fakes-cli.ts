// Test-only, for the Accounting journey (e2e/accounting.spec.ts): serves the local fakes of QuickBooks Online and
// Xero (modules/accounting/testing) on the ports given, and a small control server beside them through which the
// journey looks into the fakes and enters a payment there as a bookkeeper would. The e2e server is started with
// QUICKBOOKS_BASE_URL and XERO_BASE_URL pointing here (e2e/support/accounting-fakes.ts).
//
//   node --import tsx apps/server/src/testing/accounting-fakes-cli.ts <quickbooksPort> <xeroPort> <controlPort>
//
// Control: GET /health; GET /quickbooks and GET /xero (the records written, by kind); POST /quickbooks/pay and
// POST /xero/pay with { invoiceId, amount } (dollars).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { startFakeQuickBooks } from '../modules/accounting/testing/fake-quickbooks.ts'
import { startFakeXero } from '../modules/accounting/testing/fake-xero.ts'

const [quickbooksPort, xeroPort, controlPort] = process.argv.slice(2).map(Number)
if (!quickbooksPort || !xeroPort || !controlPort) {
  console.error('usage: accounting-fakes-cli.ts <quickbooksPort> <xeroPort> <controlPort>')
  process.exit(2)
}

const quickbooks = await startFakeQuickBooks({ port: quickbooksPort })
const xero = await startFakeXero({ port: xeroPort })
const listed = (store: Record<string, Map<string, unknown>>) =>
  Object.fromEntries(Object.entries(store).map(([kind, rows]) => [kind, [...rows.values()]]))

async function handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  const path = new URL(request.url ?? '/', 'http://control').pathname
  if (path === '/health') return { status: 200, body: { ok: true } }
  if (request.method === 'GET' && path === '/quickbooks')
    return { status: 200, body: listed(quickbooks.store) }
  if (request.method === 'GET' && path === '/xero') return { status: 200, body: listed(xero.store) }
  if (request.method === 'POST' && (path === '/quickbooks/pay' || path === '/xero/pay')) {
    const { invoiceId, amount } = JSON.parse(text || '{}') as { invoiceId?: string; amount?: number }
    if (typeof invoiceId !== 'string' || typeof amount !== 'number')
      return { status: 400, body: { error: 'invoiceId (a string) and amount (dollars) are required' } }
    const fake = path.startsWith('/quickbooks') ? quickbooks : xero
    return { status: 200, body: fake.pay(invoiceId, amount) }
  }
  return { status: 404, body: { error: `no ${request.method} ${path}` } }
}

const control = createServer((request: IncomingMessage, response: ServerResponse) => {
  void handle(request)
    .catch((error: unknown) => ({ status: 500, body: { error: String(error) } }))
    .then(({ status, body }) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    })
})
control.listen(controlPort, '127.0.0.1', () =>
  console.log(`accounting fakes: QuickBooks ${quickbooks.url}, Xero ${xero.url}, control :${controlPort}`),
)

for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    control.close()
    void Promise.all([quickbooks.close(), xero.close()]).finally(() => process.exit(0))
  })
