import { RoleSchema, type Role, type User } from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { USERS_TEXTS } from '../messages.ts'
import type { Message } from './message-area.tsx'
import { errorText } from './team.ts'

/** The role the invite form starts with and returns to (docs/decisions/009). */
const DEFAULT_ROLE: Role = 'Brewer'

/** The form checks only that an address is there; the server checks the rest (its answer is shown). */
const InviteFormSchema = z.object({
  email: z.string().trim().min(1, USERS_TEXTS.emptyEmail),
  role: RoleSchema,
})
type InviteFormValues = z.infer<typeof InviteFormSchema>

/** Invite a user: email and role (Admin, Brewer or Manager); the outcome shows in the message area. */
export function InviteForm({
  onInvite,
  onMessage,
}: {
  onInvite: (invite: { email: string; role: Role }) => Promise<User>
  onMessage: (message: Message) => void
}) {
  const id = useId()
  const [isSending, setIsSending] = useState(false)
  const form = useForm<InviteFormValues>({
    resolver: zodResolver(InviteFormSchema),
    defaultValues: { email: '', role: DEFAULT_ROLE },
  })

  const submit = form.handleSubmit(
    async ({ email, role }) => {
      setIsSending(true)
      try {
        await onInvite({ email, role })
        onMessage({ kind: 'success', text: USERS_TEXTS.invited(email, role) })
        form.reset({ email: '', role: DEFAULT_ROLE })
      } catch (error) {
        onMessage({ kind: 'error', text: USERS_TEXTS.inviteFailed, detail: errorText(error) })
      } finally {
        setIsSending(false)
      }
    },
    // The spec shows the missing address in the message area, not under the field.
    (errors) => onMessage({ kind: 'error', text: errors.email?.message ?? USERS_TEXTS.emptyEmail }),
  )

  return (
    <form
      aria-label="Invite a user"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-[1fr_10rem_auto] sm:items-end"
    >
      <FormField label="Email" htmlFor={`${id}-email`}>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          placeholder="brewer@example.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField label="Role" htmlFor={`${id}-role`}>
        <NativeSelect id={`${id}-role`} {...form.register('role')}>
          {(['Admin', 'Brewer', 'Manager'] as const).map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" disabled={isSending}>
        {isSending ? 'Sending...' : 'Invite User'}
      </Button>
    </form>
  )
}
