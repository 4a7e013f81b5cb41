import { TRACE_ORIGIN_KINDS, type TraceNode, type TraceOriginKind } from '@brewcommand/domain'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { ReadState, ScrollingFormDialog as SalesDialog } from '@/components/read-state.tsx'
import { useRecalls, useTrace, useTraceSearch, useTraceSync } from '../api/trace-api.ts'
import { RecallPanel } from './recall-panel.tsx'
import { TraceTree } from './trace-tree.tsx'

// Reporting → Trace (docs/decisions/300–303, 355): one search box (lot code, batch, keg number, order, invoice,
// SKU or UPC, customer), the genealogy of the chosen record as a tree, Start Recall or a mock recall drill from any node,
// and the recalls with their lists. The chosen record and recall live in the address, so a trace can be shared.

const ORIGINS = new Set<string>(TRACE_ORIGIN_KINDS)
const KIND_WORDS: Record<string, string> = {
  lot: 'Ingredient lot',
  batch: 'Batch',
  order: 'Order',
  invoice: 'Invoice',
  package: 'SKU / UPC',
  customer: 'Customer',
  'finished-goods': 'Finished goods',
  keg: 'Keg',
}

function StartRecallDialog({
  origin,
  onClose,
  onStarted,
}: {
  origin: { kind: TraceOriginKind; id: string; label: string } | null
  onClose: () => void
  onStarted: (id: string) => void
}) {
  const write = useWrite()
  const [reason, setReason] = useState('')
  const [kind, setKind] = useState<'recall' | 'drill'>('recall')
  const [error, setError] = useState('')
  return (
    <SalesDialog
      open={origin !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={`Start recall from ${origin?.label ?? ''}`}
      submitLabel={kind === 'drill' ? 'Start drill' : 'Start Recall'}
      onSubmit={() => {
        if (!origin) return
        if (reason.trim() === '') return setError('Say why')
        const id = crypto.randomUUID()
        write({
          kind: 'production',
          action: 'recall:start',
          uri: '/api/trace/recalls',
          data: { id, kind, originKind: origin.kind, originId: origin.id, reason: reason.trim() },
          name: origin.label,
        })
        setReason('')
        setError('')
        onStarted(id)
      }}
    >
      <FormField label="Recall or drill" htmlFor="recall-kind">
        <NativeSelect
          id="recall-kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as 'recall' | 'drill')}
        >
          <option value="recall">Recall: list customers and hold the stock left</option>
          <option value="drill">Mock recall drill: list and time it, hold nothing</option>
        </NativeSelect>
      </FormField>
      <FormField label="Reason" htmlFor="recall-reason" error={error}>
        <Input
          id="recall-reason"
          value={reason}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormField>
    </SalesDialog>
  )
}

function Recalls({ onOpen }: { onOpen: (id: string) => void }) {
  const recalls = useRecalls()
  return (
    <section aria-labelledby="recalls-heading" className="grid gap-3">
      <h2 id="recalls-heading" className="text-lg font-semibold">
        Recalls and drills
      </h2>
      <ReadState
        query={recalls}
        what="recalls"
        empty="No recall or drill yet."
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ul className="grid gap-2">
            {list.map((recall) => (
              <li key={recall.id} className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-3">
                <div className="grid flex-1 gap-0.5">
                  <span className="font-medium">
                    {recall.number} · {recall.originLabel}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {recall.status === 'closed' ? 'Closed' : 'Open'} · {recall.contactedCount} of{' '}
                    {recall.customerCount} customers contacted · list in {recall.listMs} ms
                  </span>
                </div>
                <Button variant="outline" className="min-h-11" onClick={() => onOpen(recall.id)}>
                  Open {recall.number}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ReadState>
    </section>
  )
}

export function TracePage() {
  useTraceSync()
  const [params, setParams] = useSearchParams()
  const [text, setText] = useState(params.get('q') ?? '')
  const q = params.get('q') ?? ''
  const kind = params.get('kind')
  const id = params.get('id')
  const recallId = params.get('recall')
  const origin = kind && id && ORIGINS.has(kind) ? { kind: kind as TraceOriginKind, id } : null
  const matches = useTraceSearch(q)
  const trace = useTrace(origin)
  const [recallFrom, setRecallFrom] = useState<{ kind: TraceOriginKind; id: string; label: string } | null>(
    null,
  )
  const set = (next: Record<string, string | null>) =>
    setParams((current) => {
      const copy = new URLSearchParams(current)
      for (const [name, value] of Object.entries(next))
        if (value === null) copy.delete(name)
        else copy.set(name, value)
      return copy
    })
  const recallNode = (node: TraceNode) =>
    ORIGINS.has(node.kind)
      ? setRecallFrom({ kind: node.kind as TraceOriginKind, id: node.id, label: node.label })
      : undefined

  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 p-4 sm:p-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link className="underline underline-offset-2" to="/secure/reporting">
          Reporting
        </Link>{' '}
        / Trace
      </nav>
      <h1 className="text-2xl font-semibold">Trace and recall</h1>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          set({ q: text.trim(), kind: null, id: null })
        }}
      >
        <FormField
          label="Lot code, batch, keg, order, invoice, SKU/UPC or customer"
          htmlFor="trace-q"
          className="flex-1"
        >
          <Input
            id="trace-q"
            className="min-h-11"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </FormField>
        <Button type="submit" className="min-h-11">
          Search
        </Button>
      </form>
      {q.length > 0 && q.length < 2 ? <p role="alert">Type at least 2 characters.</p> : null}
      {q.length >= 2 && !origin ? (
        <section aria-labelledby="matches-heading" className="grid gap-2">
          <h2 id="matches-heading" className="text-lg font-semibold">
            Matches
          </h2>
          <ReadState
            query={matches}
            what="matches"
            empty={`Nothing matches “${q}”.`}
            isEmpty={(list) => list.length === 0}
          >
            {(list) => (
              <ul className="grid gap-2">
                {list.map((match) => (
                  <li key={`${match.kind}:${match.id}`}>
                    <Button
                      variant="outline"
                      className="h-auto min-h-11 w-full justify-start text-left whitespace-normal"
                      onClick={() => set({ kind: match.kind, id: match.id })}
                    >
                      <span className="grid">
                        <span className="text-xs text-muted-foreground uppercase">
                          {KIND_WORDS[match.kind]}
                        </span>
                        <span className="font-medium">{match.label}</span>
                        {match.detail ? (
                          <span className="text-sm text-muted-foreground">{match.detail}</span>
                        ) : null}
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </ReadState>
        </section>
      ) : null}
      {origin ? (
        <section aria-labelledby="trace-heading" className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="trace-heading" className="flex-1 text-lg font-semibold">
              {trace.data
                ? `${trace.data.origin.label}: ${trace.data.direction === 'backward' ? 'where it came from' : 'where it went'}`
                : 'Trace'}
            </h2>
            {trace.data ? (
              <Button className="min-h-11" onClick={() => recallNode(trace.data.tree)}>
                Start Recall
              </Button>
            ) : null}
            <Button variant="outline" className="min-h-11" onClick={() => set({ kind: null, id: null })}>
              Back to matches
            </Button>
          </div>
          <ReadState query={trace} what="the trace" empty="Nothing to trace." isEmpty={() => false}>
            {(data) => (
              <>
                <p className="text-sm text-muted-foreground">Answered in {data.tookMs} ms.</p>
                <TraceTree tree={data.tree} onRecall={recallNode} />
              </>
            )}
          </ReadState>
        </section>
      ) : null}
      {recallId ? <RecallPanel id={recallId} onClose={() => set({ recall: null })} /> : null}
      <Recalls onOpen={(recall) => set({ recall })} />
      <StartRecallDialog
        origin={recallFrom}
        onClose={() => setRecallFrom(null)}
        onStarted={(recall) => (setRecallFrom(null), set({ recall }))}
      />
    </main>
  )
}
