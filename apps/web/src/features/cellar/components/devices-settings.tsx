import { DEVICE_KINDS, DeviceInputSchema, type DeviceKind } from '@brewcommand/domain'
import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useAddDevice, useCellarLive, useDevices, useTankBoard } from '../api/cellar-api.ts'
import { formatInstant } from '../lib/display.ts'
import { issuesOf, useCellarCan } from '../lib/form.ts'
import { CELLAR_TEXTS, DEVICE_HELP } from '../messages.ts'

/** The address a device posts to: this site's origin and its token. */
export const ingestAddress = (token: string) => `${window.location.origin}/api/ingest/${token}`

/** Copies `text`, saying whether it worked. */
function copy(text: string) {
  void navigator.clipboard?.writeText(text).then(
    () => toast.success('Copied.'),
    () => toast.error('Copy it by hand.'),
  )
}

/** The token of a device just added, as the server answered it: shown once with the address and the set-up help. */
function TokenShownOnce({ kind, token, onDone }: { kind: DeviceKind; token: string; onDone: () => void }) {
  const address = ingestAddress(token)
  return (
    <section
      role="status"
      aria-labelledby="device-token"
      className="grid gap-3 rounded-xl border border-primary bg-card p-4"
    >
      <h3 id="device-token" className="font-semibold">
        {CELLAR_TEXTS.ingestAddress}
      </h3>
      <p className="text-sm text-muted-foreground">{CELLAR_TEXTS.tokenOnce}</p>
      <code className="rounded bg-muted p-2 text-sm break-all" data-testid="ingest-address">
        {address}
      </code>
      <p className="text-sm">
        {CELLAR_TEXTS.deviceToken}:{' '}
        <code className="rounded bg-muted px-1 break-all" data-testid="device-token">
          {token}
        </code>
      </p>
      <p className="text-sm">{DEVICE_HELP[kind]}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="lg" variant="outline" onClick={() => copy(address)}>
          {CELLAR_TEXTS.copyAddress}
        </Button>
        <Button size="lg" variant="outline" onClick={() => copy(token)}>
          {CELLAR_TEXTS.copyToken}
        </Button>
        <Button size="lg" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  )
}

/**
 * Settings → Devices (Admin): the brewery's devices; Add Device registers one, and the token the server made for
 * it is shown once; Revoke stops a device's posts at once.
 */
export function DevicesSettings() {
  useCellarLive()
  const id = useId()
  const write = useWrite()
  const devices = useDevices()
  const board = useTankBoard()
  const canManage = useCellarCan('manageEquipment')
  const [adding, setAdding] = useState(false)
  const [form, setForm] = useState({ name: '', kind: 'ispindel', vesselId: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [shown, setShown] = useState<{ kind: DeviceKind; token: string } | null>(null)
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null)

  const add = useAddDevice()

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = DeviceInputSchema.safeParse({
      id: crypto.randomUUID(),
      name: form.name,
      kind: form.kind,
      vesselId: form.vesselId || null,
    })
    if (!parsed.success) return setErrors(issuesOf(parsed.error))
    setErrors({})
    add.mutate(parsed.data, {
      onSuccess: (device) => {
        setShown({ kind: device.kind, token: device.token })
        setForm({ name: '', kind: 'ispindel', vesselId: '' })
        setAdding(false)
      },
      onError: (error) => setErrors({ form: error instanceof ApiError ? error.message : String(error) }),
    })
  }

  return (
    <section aria-labelledby="devices-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="devices-heading" className="text-xl font-semibold">
          {CELLAR_TEXTS.devices}
        </h2>
        {canManage && (
          <Button size="lg" onClick={() => setAdding(true)}>
            {CELLAR_TEXTS.addDevice}
          </Button>
        )}
      </div>
      {!canManage && <p className="text-sm text-muted-foreground">{CELLAR_TEXTS.onlyAdmin}</p>}
      {shown && <TokenShownOnce kind={shown.kind} token={shown.token} onDone={() => setShown(null)} />}
      {devices.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> {CELLAR_TEXTS.loading}
        </p>
      )}
      {devices.isError && (
        <div role="alert" className="grid gap-2">
          <p>{devices.error.message}</p>
          <Button variant="outline" className="w-fit" onClick={() => void devices.refetch()}>
            {CELLAR_TEXTS.retry}
          </Button>
        </div>
      )}
      {devices.data?.length === 0 && <p className="text-muted-foreground">{CELLAR_TEXTS.noDevices}</p>}
      {devices.data && devices.data.length > 0 && (
        <ul className="grid gap-2">
          {devices.data.map((device) => (
            <li
              key={device.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
            >
              <div className="grid">
                <span className="font-medium">{device.name}</span>
                <span className="text-sm text-muted-foreground">
                  {DEVICE_KINDS[device.kind]} · {device.vesselName ?? 'No vessel'} · …{device.tokenHint} ·{' '}
                  {CELLAR_TEXTS.lastSeen}:{' '}
                  {device.lastSeenAt ? formatInstant(device.lastSeenAt) : CELLAR_TEXTS.never}
                </span>
              </div>
              {device.revokedAt ? (
                <span className="text-sm text-muted-foreground">{CELLAR_TEXTS.revoked}</span>
              ) : (
                canManage && (
                  <Button
                    variant="outline"
                    size="lg"
                    onClick={() => setRevoking({ id: device.id, name: device.name })}
                  >
                    {CELLAR_TEXTS.revoke}
                  </Button>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      <FormDialog
        title={CELLAR_TEXTS.addDevice}
        open={adding}
        onOpenChange={setAdding}
        onSubmit={submit}
        submitLabel={add.isPending ? CELLAR_TEXTS.addingDevice : CELLAR_TEXTS.addDevice}
        submitDisabled={add.isPending}
      >
        {errors.form && (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        )}
        <FormField label="Name" htmlFor={`${id}-name`} error={errors.name}>
          <Input
            id={`${id}-name`}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </FormField>
        <FormField label="Kind" htmlFor={`${id}-kind`} error={errors.kind}>
          <NativeSelect
            id={`${id}-kind`}
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value })}
          >
            {Object.entries(DEVICE_KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Vessel" htmlFor={`${id}-vessel`} error={errors.vesselId}>
          <NativeSelect
            id={`${id}-vessel`}
            value={form.vesselId}
            onChange={(e) => setForm({ ...form, vesselId: e.target.value })}
          >
            <option value="">No vessel yet</option>
            {(board.data ?? []).map((card) => (
              <option key={card.vessel.id} value={card.vessel.id}>
                {card.vessel.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </FormDialog>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`${CELLAR_TEXTS.revoke} ${revoking?.name ?? ''}?`}
        description="The device's posts are refused from now on."
        confirmLabel={CELLAR_TEXTS.revoke}
        onConfirm={() => {
          if (revoking)
            write({
              kind: 'production',
              action: 'cellar:revoke-device',
              uri: `/api/cellar/devices/${revoking.id}`,
              name: revoking.name,
            })
          setRevoking(null)
        }}
      />
    </section>
  )
}
