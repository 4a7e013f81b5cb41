import {
  NewWebhookEndpointSchema,
  WEBHOOK_EVENT_GROUPS,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@brewcommand/domain'
import { useId, useState, type FormEvent } from 'react'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useChangeWebhookEndpoint, useCreateWebhookEndpoint } from '../api/webhooks-api.ts'

type Form = { url: string; description: string; eventTypes: WebhookEventType[] }
const EMPTY_FORM: Form = { url: '', description: '', eventTypes: [] }

/** "product.created" as a person reads it: "created". */
const actionOf = (type: string) => type.split('.')[1]?.replace('_', ' ') ?? type

/**
 * Add Endpoint and Edit: the URL, a description and the events it wants. The server checks the URL (https, a
 * public address) and answers a sentence when it refuses it.
 */
export function EndpointDialog({
  open,
  onOpenChange,
  editing,
  onCreated,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The endpoint to edit, or null to add one. */
  editing: WebhookEndpoint | null
  onCreated: (created: CreatedWebhookEndpoint) => void
}) {
  const id = useId()
  const create = useCreateWebhookEndpoint()
  const change = useChangeWebhookEndpoint()
  const [form, setForm] = useState<Form>(EMPTY_FORM)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [shownFor, setShownFor] = useState<string | null>(null)
  // The form starts from the endpoint being edited each time the dialog opens for it.
  const key = open ? (editing?.id ?? 'new') : null
  if (key !== shownFor) {
    setShownFor(key)
    setErrors({})
    setForm(
      editing
        ? { url: editing.url, description: editing.description, eventTypes: [...editing.eventTypes] }
        : EMPTY_FORM,
    )
  }
  const pending = create.isPending || change.isPending

  function toggle(type: WebhookEventType, on: boolean) {
    setForm({
      ...form,
      eventTypes: on ? [...form.eventTypes, type] : form.eventTypes.filter((t) => t !== type),
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = NewWebhookEndpointSchema.safeParse({ id: editing?.id ?? crypto.randomUUID(), ...form })
    if (!parsed.success) {
      const issues: Record<string, string> = {}
      for (const issue of parsed.error.issues) issues[String(issue.path[0])] ??= issue.message
      return setErrors(issues)
    }
    setErrors({})
    const refused = (error: Error) => {
      const message = error instanceof ApiError ? error.message : String(error)
      const onUrl = error instanceof ApiError && error.body.issues?.some((issue) => issue.path === 'data.url')
      setErrors(onUrl ? { url: message } : { form: message })
    }
    if (editing) {
      change.mutate(
        { ...parsed.data, enabled: editing.enabled },
        { onSuccess: () => onOpenChange(false), onError: refused },
      )
    } else {
      create.mutate(parsed.data, { onSuccess: onCreated, onError: refused })
    }
  }

  return (
    <FormDialog
      title={editing ? 'Edit endpoint' : 'Add Endpoint'}
      description="BrewCommand sends each event you choose to this URL, signed with the endpoint's secret (Standard Webhooks)."
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
      submitLabel={pending ? 'Saving…' : editing ? 'Save' : 'Add Endpoint'}
      submitDisabled={pending}
    >
      <FormField label="Endpoint URL" htmlFor={`${id}-url`} error={errors.url}>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={form.url}
          placeholder="https://example.com/webhooks/brewcommand"
          onChange={(e) => setForm({ ...form, url: e.target.value })}
        />
      </FormField>
      <FormField label="Description (optional)" htmlFor={`${id}-description`} error={errors.description}>
        <Input
          id={`${id}-description`}
          value={form.description}
          placeholder="Taproom POS"
          onChange={(e) => setForm({ ...form, description: e.target.value })}
        />
      </FormField>
      <fieldset
        className="grid max-h-72 gap-2 overflow-y-auto"
        aria-describedby={errors.eventTypes ? `${id}-events-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Events</legend>
        {WEBHOOK_EVENT_GROUPS.map(({ group, events }) => (
          <div key={group} className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:items-center">
            <span className="text-sm">{group}</span>
            <div className="flex flex-wrap gap-x-4 text-sm">
              {events.map((type) => (
                <label key={type} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    aria-label={`${group}: ${actionOf(type)}`}
                    checked={form.eventTypes.includes(type)}
                    onChange={(e) => toggle(type, e.target.checked)}
                  />
                  {actionOf(type)}
                </label>
              ))}
            </div>
          </div>
        ))}
        {errors.eventTypes && (
          <p id={`${id}-events-error`} role="alert" className="text-sm text-destructive">
            {errors.eventTypes}
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
