import {
  API_KEY_AREAS,
  can,
  NewApiKeySchema,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@brewcommand/domain'
import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import {
  useApiKeys,
  useApiKeysLive,
  useApiKeyUses,
  useCreateApiKey,
  useRevokeApiKey,
} from '../api/api-keys-api.ts'

const LEVELS = [
  { level: 'read', label: 'Read' },
  { level: 'write', label: 'Read and write' },
] as const

const when = (instant: string | null) =>
  instant
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(instant),
      )
    : 'Never'

/** What a key may do, in words: "Products and recipes: read and write; Device readings". */
export function describeScopes(scopes: readonly ApiKeyScope[]): string {
  const parts = API_KEY_AREAS.flatMap(({ area, label }) =>
    scopes.includes(`${area}:write`)
      ? [`${label}: read and write`]
      : scopes.includes(`${area}:read`)
        ? [`${label}: read`]
        : [],
  )
  if (scopes.includes('ingest')) parts.push('Device readings')
  return parts.join('; ')
}

/** The secret of a key just made, shown once with a Copy button. */
function SecretShownOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <section
      role="status"
      aria-labelledby="api-key-secret"
      className="grid gap-3 rounded-xl border border-primary bg-card p-4"
    >
      <h3 id="api-key-secret" className="font-semibold">
        {created.name}: copy the key now
      </h3>
      <p className="text-sm text-muted-foreground">
        This is the only time the key is shown. BrewCommand keeps only a fingerprint of it: if it is lost,
        revoke it and make another.
      </p>
      <code className="rounded bg-muted p-2 text-sm break-all" data-testid="api-key-secret">
        {created.secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="lg"
          onClick={() =>
            void navigator.clipboard?.writeText(created.secret ?? '').then(
              () => toast.success('Copied.'),
              () => toast.error('Copy it by hand.'),
            )
          }
        >
          Copy key
        </Button>
        <Button size="lg" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  )
}

type Form = {
  name: string
  expiresOn: string
  levels: Record<string, '' | 'read' | 'write'>
  ingest: boolean
}
const EMPTY_FORM: Form = { name: '', expiresOn: '', levels: {}, ingest: false }

function scopesOf(form: Form): ApiKeyScope[] {
  const scopes: ApiKeyScope[] = []
  for (const { area } of API_KEY_AREAS) {
    const level = form.levels[area]
    if (level) scopes.push(`${area}:${level}`)
  }
  if (form.ingest) scopes.push('ingest')
  return scopes
}

/** New API Key: a name, an optional last day, and read or write for each area. */
function NewKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (created: CreatedApiKey) => void
}) {
  const id = useId()
  const create = useCreateApiKey()
  const [form, setForm] = useState<Form>(EMPTY_FORM)
  const [errors, setErrors] = useState<Record<string, string>>({})

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = NewApiKeySchema.safeParse({
      id: crypto.randomUUID(),
      name: form.name,
      scopes: scopesOf(form),
      expiresOn: form.expiresOn || null,
    })
    if (!parsed.success) {
      const issues: Record<string, string> = {}
      for (const issue of parsed.error.issues) issues[String(issue.path[0])] ??= issue.message
      return setErrors(issues)
    }
    setErrors({})
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setForm(EMPTY_FORM)
        onCreated(created)
      },
      onError: (error) => setErrors({ form: error instanceof ApiError ? error.message : String(error) }),
    })
  }

  return (
    <FormDialog
      title="New API Key"
      description="A key lets another program use this brewery's data, with exactly the access you give it."
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
      submitLabel={create.isPending ? 'Making the key…' : 'New API Key'}
      submitDisabled={create.isPending}
    >
      <FormField label="Name" htmlFor={`${id}-name`} error={errors.name}>
        <Input
          id={`${id}-name`}
          value={form.name}
          placeholder="Taproom POS"
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
      </FormField>
      <FormField label="Last day it works (optional)" htmlFor={`${id}-expires`} error={errors.expiresOn}>
        <Input
          id={`${id}-expires`}
          type="date"
          value={form.expiresOn}
          onChange={(e) => setForm({ ...form, expiresOn: e.target.value })}
        />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Access</legend>
        {API_KEY_AREAS.map(({ area, label }) => (
          <div key={area} className="grid gap-1 sm:grid-cols-[1fr_auto] sm:items-center">
            <span id={`${id}-${area}`} className="text-sm">
              {label}
            </span>
            <div role="radiogroup" aria-labelledby={`${id}-${area}`} className="flex flex-wrap gap-3 text-sm">
              {[{ level: '', label: 'None' } as const, ...LEVELS].map(({ level, label: levelLabel }) => (
                <label key={level} className="flex min-h-11 items-center gap-1">
                  <input
                    type="radio"
                    name={`${id}-${area}`}
                    checked={(form.levels[area] ?? '') === level}
                    onChange={() => setForm({ ...form, levels: { ...form.levels, [area]: level } })}
                  />
                  {levelLabel}
                </label>
              ))}
            </div>
          </div>
        ))}
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.ingest}
            onChange={(e) => setForm({ ...form, ingest: e.target.checked })}
          />
          Post device readings (ingest)
        </label>
        {errors.scopes && (
          <p id={`${id}-scopes-error`} role="alert" className="text-sm text-destructive">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
    </FormDialog>
  )
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt).getTime() <= Date.now()
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1 text-sm">
        <p className="font-medium">
          {apiKey.name} <code className="text-muted-foreground">{apiKey.hint}…</code>
        </p>
        <p>{describeScopes(apiKey.scopes)}</p>
        <p className="text-muted-foreground">
          Made by {apiKey.createdBy ?? 'a former member'} on {when(apiKey.createdAt)} · Last used{' '}
          {when(apiKey.lastUsedAt)}
          {apiKey.lastUsedAddress ? ` from ${apiKey.lastUsedAddress}` : ''}
          {apiKey.expiresAt ? ` · ${expired ? 'Expired' : 'Works until'} ${when(apiKey.expiresAt)}` : ''}
        </p>
      </div>
      {apiKey.revokedAt ? (
        <span className="text-sm text-muted-foreground">Revoked {when(apiKey.revokedAt)}</span>
      ) : (
        <Button variant="outline" size="lg" onClick={() => onRevoke(apiKey)}>
          Revoke
        </Button>
      )}
    </li>
  )
}

/** The audit list: every request made with a key, newest first. */
function KeyUses() {
  const uses = useApiKeyUses()
  return (
    <section aria-labelledby="api-key-uses" className="grid gap-2">
      <h3 id="api-key-uses" className="text-lg font-semibold">
        Recent use
      </h3>
      {uses.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> Loading…
        </p>
      )}
      {uses.isError && <p role="alert">{uses.error.message}</p>}
      {uses.data?.length === 0 && <p className="text-muted-foreground">No key has been used yet.</p>}
      {uses.data && uses.data.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                <th className="p-2">When</th>
                <th className="p-2">Key</th>
                <th className="p-2">Request</th>
                <th className="p-2">Answer</th>
                <th className="p-2">Address</th>
              </tr>
            </thead>
            <tbody>
              {uses.data.map((use) => (
                <tr key={use.id} className="border-b">
                  <td className="p-2 whitespace-nowrap">{when(use.at)}</td>
                  <td className="p-2">{use.keyName}</td>
                  <td className="p-2 break-all">
                    {use.method} {use.route}
                  </td>
                  <td className="p-2">{use.status}</td>
                  <td className="p-2">{use.address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/**
 * Settings → API Keys (Admin, ADR 281): the brewery's keys with their access, maker and last use; New API Key
 * shows the secret once; Revoke stops a key at once; the audit list of every use.
 */
export function ApiKeysSettings() {
  const isAdmin = can(useAppState().currentEntity?.role, 'manageApiKeys')
  if (!isAdmin) {
    return (
      <section aria-labelledby="api-keys-heading" className="grid gap-2">
        <h2 id="api-keys-heading" className="text-xl font-semibold">
          API Keys
        </h2>
        <p className="text-muted-foreground">Only an Admin can see and make API keys.</p>
      </section>
    )
  }
  return <AdminApiKeys />
}

function AdminApiKeys() {
  useApiKeysLive()
  const keys = useApiKeys()
  const revoke = useRevokeApiKey()
  const [adding, setAdding] = useState(false)
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)

  return (
    <section aria-labelledby="api-keys-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="api-keys-heading" className="text-xl font-semibold">
          API Keys
        </h2>
        <Button size="lg" onClick={() => setAdding(true)}>
          New API Key
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Give another program (a taproom POS, a spreadsheet, your own scripts) a key with only the access it
        needs. The API is described at{' '}
        <a className="underline" href="/api/docs">
          /api/docs
        </a>
        .
      </p>
      {created && <SecretShownOnce created={created} onDone={() => setCreated(null)} />}
      {keys.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> Loading keys…
        </p>
      )}
      {keys.isError && (
        <div role="alert" className="grid gap-2">
          <p>{keys.error.message}</p>
          <Button variant="outline" className="w-fit" onClick={() => void keys.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {keys.data?.length === 0 && <p className="text-muted-foreground">No API keys yet.</p>}
      {keys.data && keys.data.length > 0 && (
        <ul className="grid gap-2">
          {keys.data.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <KeyUses />
      <NewKeyDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(key) => {
          setAdding(false)
          setCreated(key)
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? ''}?`}
        description="Every request with this key is refused from now on. This cannot be undone."
        confirmLabel="Revoke"
        onConfirm={() => {
          if (revoking)
            // The row says Revoked once the server has it; only a refusal needs words.
            revoke.mutate(revoking.id, {
              onError: (error) => toast.error(error instanceof ApiError ? error.message : String(error)),
            })
          setRevoking(null)
        }}
      />
    </section>
  )
}
