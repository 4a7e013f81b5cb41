import {
  KEG_EVENT_LABELS,
  KEG_SIZE_LABELS,
  KegAssetNumberSchema,
  requestOf,
  type KegEventKind,
  type Write,
} from '@brewcommand/domain'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useQueue } from '@/lib/queue/queue-provider.tsx'
import { cn } from '@/lib/utils.ts'
import { useKegOrders, useKegPackageRuns, useKegsSync, useRefreshKegs } from '../api/kegs-api.ts'
import { CameraReader } from './camera-reader.tsx'

// Scan (docs/decisions/290-kegs.md): on the floor, on a phone. Choose what happened once (and the package run or
// the order), then scan keg after keg — camera or typed — without closing anything. Each scan is a queued write
// (kegs:scan): offline it waits in the queue and is sent in order when the network returns. Each answered scan is
// confirmed by colour and sound (green and a high tone; red, a low tone and the server's sentence when refused),
// and the count of confirmed scans is kept.

const KINDS = ['filled', 'shipped', 'returned', 'cleaned', 'damaged', 'lost'] as const
type Kind = (typeof KINDS)[number]
type Scan = {
  requestId: string
  assetNumber: string
  kind: Kind
  detail: string
  state: 'waiting' | 'done' | 'refused'
  message?: string
}

function beep(ok: boolean) {
  try {
    const Audio = window.AudioContext as typeof AudioContext | undefined
    if (!Audio) return
    const audio = new Audio()
    const tone = audio.createOscillator()
    const gain = audio.createGain()
    tone.frequency.value = ok ? 880 : 220
    tone.type = ok ? 'sine' : 'square'
    gain.gain.value = 0.15
    tone.connect(gain).connect(audio.destination)
    tone.start()
    tone.stop(audio.currentTime + (ok ? 0.12 : 0.4))
    tone.onended = () => void audio.close()
    navigator.vibrate?.(ok ? 40 : [80, 60, 80])
  } catch {
    // No sound on this device: the colour still tells.
  }
}

export function ScanPage() {
  useKegsSync()
  const refresh = useRefreshKegs()
  const { enqueue, snapshot, isOnline } = useQueue()
  const runs = useKegPackageRuns()
  const orders = useKegOrders()
  const [kind, setKind] = useState<Kind>('filled')
  const [runId, setRunId] = useState('')
  const [orderId, setOrderId] = useState('')
  const [chargeCustomer, setChargeCustomer] = useState(false)
  const [number, setNumber] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [scans, setScans] = useState<Scan[]>([])
  const input = useRef<HTMLInputElement>(null)

  // A scan leaves the queue answered: refused (in the queue's refusals) or done (gone from the line). The answers
  // are applied to the list as it is when React applies them: a scan typed in the meantime (the next keg, queued
  // before this effect ran) stays on it. Setting the list this effect saw dropped it, and the count read one short.
  useEffect(() => {
    const pending = new Set(snapshot.pending.map((r) => r.requestId))
    const refused = new Map(snapshot.refused.map((r) => [r.requestId, r.error ?? 'Refused.']))
    const answered = new Map<string, Pick<Scan, 'state' | 'message'>>()
    for (const scan of scans) {
      if (scan.state !== 'waiting') continue
      if (refused.has(scan.requestId)) {
        answered.set(scan.requestId, { state: 'refused', message: refused.get(scan.requestId) })
        beep(false)
      } else if (!pending.has(scan.requestId)) {
        answered.set(scan.requestId, { state: 'done' })
        beep(true)
      }
    }
    if (answered.size === 0) return
    setScans((current) =>
      current.map((scan) => {
        const answer = scan.state === 'waiting' ? answered.get(scan.requestId) : undefined
        return answer ? { ...scan, ...answer } : scan
      }),
    )
    if ([...answered.values()].some((answer) => answer.state === 'done')) refresh()
  }, [snapshot, scans, refresh])

  const run = runs.data?.find((r) => r.id === runId)
  const order = orders.data?.find((o) => o.id === orderId)

  const record = (raw: string) => {
    const parsed = KegAssetNumberSchema.safeParse(raw)
    if (!parsed.success) return setProblem(parsed.error.issues[0].message)
    if (kind === 'filled' && !run) return setProblem('Choose the package run the kegs are filled from.')
    if (kind === 'shipped' && !order) return setProblem('Choose the order the kegs ship on.')
    setProblem(null)
    const assetNumber = parsed.data
    const data =
      kind === 'filled'
        ? { kind, assetNumber, packageRunId: runId }
        : kind === 'shipped'
          ? { kind, assetNumber, orderId }
          : kind === 'lost'
            ? { kind, assetNumber, chargeCustomer }
            : { kind, assetNumber }
    const write: Write = {
      kind: 'production',
      action: 'kegs:scan',
      uri: '/api/kegs/scans',
      data,
      name: assetNumber,
    }
    const requestId = crypto.randomUUID()
    enqueue({ ...requestOf(write), write, requestId })
    const detail =
      kind === 'filled' && run
        ? `${run.productName} ${run.batchNumber}`
        : kind === 'shipped' && order
          ? `${order.customerName} (${order.number})`
          : ''
    setScans((current) =>
      [{ requestId, assetNumber, kind, detail, state: 'waiting' } satisfies Scan, ...current].slice(0, 200),
    )
    setNumber('')
    input.current?.focus()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    record(number)
  }

  const done = scans.filter((s) => s.state === 'done').length
  const refusedCount = scans.filter((s) => s.state === 'refused').length
  const waiting = scans.filter((s) => s.state === 'waiting').length
  const latest = scans[0]

  return (
    <div className="mx-auto grid max-w-xl gap-5">
      <div className="grid gap-1">
        <Link
          to="/secure/inventory/kegs"
          className="text-sm text-muted-foreground underline underline-offset-2"
        >
          Kegs
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Scan kegs</h1>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium">What happened</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {KINDS.map((k) => (
            <Button
              key={k}
              type="button"
              variant={kind === k ? 'default' : 'outline'}
              aria-pressed={kind === k}
              className="min-h-14 text-base"
              onClick={() => (setKind(k), setProblem(null))}
            >
              {KEG_EVENT_LABELS[k as KegEventKind]}
            </Button>
          ))}
        </div>
      </fieldset>

      {kind === 'filled' && (
        <div className="grid gap-2">
          <Label htmlFor="scan-run">Package run</Label>
          <NativeSelect
            id="scan-run"
            className="h-12"
            value={runId}
            onChange={(e) => setRunId(e.target.value)}
          >
            <option value="">Choose the run…</option>
            {runs.data?.map((r) => (
              <option key={r.id} value={r.id}>
                {r.productName} {r.batchNumber} · {KEG_SIZE_LABELS[r.size]} · {r.filled} of {r.units} filled
              </option>
            ))}
          </NativeSelect>
          {runs.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">No keg package runs yet.</p>
          )}
        </div>
      )}
      {kind === 'shipped' && (
        <div className="grid gap-2">
          <Label htmlFor="scan-order">Order</Label>
          <NativeSelect
            id="scan-order"
            className="h-12"
            value={orderId}
            onChange={(e) => setOrderId(e.target.value)}
          >
            <option value="">Choose the order…</option>
            {orders.data?.map((o) => (
              <option key={o.id} value={o.id}>
                {o.number} · {o.customerName} ·{' '}
                {o.sizes.map((s) => `${s.shipped} of ${s.ordered} × ${KEG_SIZE_LABELS[s.size]}`).join(', ')}
              </option>
            ))}
          </NativeSelect>
          {orders.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">No confirmed order has kegs on it.</p>
          )}
        </div>
      )}
      {kind === 'lost' && (
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="size-6"
            checked={chargeCustomer}
            onChange={(e) => setChargeCustomer(e.target.checked)}
          />
          Charge the customer holding it (its cost less their deposit)
        </label>
      )}

      <form onSubmit={submit} className="grid gap-2">
        <Label htmlFor="scan-number">Keg number</Label>
        <div className="flex gap-2">
          <Input
            id="scan-number"
            ref={input}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            className="h-14 text-lg"
            placeholder="K-0001"
          />
          <Button type="submit" className="min-h-14 px-6 text-base">
            Record
          </Button>
        </div>
        {problem && (
          <p role="alert" className="text-destructive">
            {problem}
          </p>
        )}
      </form>

      <CameraReader onCode={record} />

      <div
        role="status"
        aria-live="polite"
        className={cn(
          'grid gap-1 rounded-xl border-2 p-4 text-base',
          !latest && 'border-border',
          latest?.state === 'done' && 'border-green-700 bg-green-50 text-green-950',
          latest?.state === 'refused' && 'border-red-700 bg-red-50 text-red-950',
          latest?.state === 'waiting' && 'border-amber-600 bg-amber-50 text-amber-950',
        )}
      >
        <p className="text-lg font-semibold">
          {done} {done === 1 ? 'keg' : 'kegs'} recorded
          {refusedCount > 0 && ` · ${refusedCount} refused`}
          {waiting > 0 && ` · ${waiting} waiting${isOnline ? '' : ' for the network'}`}
        </p>
        {latest && (
          <p>
            {latest.assetNumber}: {KEG_EVENT_LABELS[latest.kind]}
            {latest.state === 'done' && ' ✓'}
            {latest.state === 'waiting' && (isOnline ? ' — sending…' : ' — saved, sent when back online')}
            {latest.state === 'refused' && ` — ${latest.message}`}
          </p>
        )}
      </div>

      {scans.length > 0 && (
        <ol className="grid gap-2" aria-label="Scans">
          {scans.map((scan) => (
            <li
              key={scan.requestId}
              className={cn(
                'rounded-lg border-l-8 bg-card p-3 text-sm',
                scan.state === 'done' && 'border-green-700',
                scan.state === 'refused' && 'border-red-700',
                scan.state === 'waiting' && 'border-amber-600',
              )}
            >
              <span className="font-medium">{scan.assetNumber}</span> {KEG_EVENT_LABELS[scan.kind]}
              {scan.detail && ` · ${scan.detail}`}
              {scan.state === 'done' && ' · recorded'}
              {scan.state === 'waiting' && ' · waiting'}
              {scan.state === 'refused' && <span className="block text-red-900">{scan.message}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
