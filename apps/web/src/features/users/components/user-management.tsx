import {
  ROLES,
  sortUsersByGivenName,
  USER_MANAGEMENT_MESSAGES,
  type Role,
  type User,
} from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAppState } from '@/features/app-state/app-state.tsx'
import { useAuth } from '@/features/auth/auth-context.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'
import {
  changeUserRole,
  getUsers,
  inviteUser,
  removeUser,
  resendInvitation,
  teamQueryKey,
} from '../api/team-api.ts'
import { useCan } from '../use-can.ts'

/** docs/product/01-access.md §9: invite and error messages display for 5000 ms. */
export const MESSAGE_DURATION_MS = 5000
/** The role the invite form starts with and returns to (docs/decisions/009). */
const DEFAULT_ROLE: Role = 'Brewer'

type Message = { kind: 'success' | 'error'; text: string; detail?: string }

/** Members by given name (case-insensitively), then the pending invitations. */
export function orderTeam(users: readonly User[]): User[] {
  return [
    ...sortUsersByGivenName(users.filter((u) => u.status !== 'Invited')),
    ...users.filter((u) => u.status === 'Invited'),
  ]
}

export function displayName(user: User): string {
  if (user.status === 'Invited') return 'Invited User'
  return `${user.givenName} ${user.familyName}`.trim() || user.email
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Settings → Users (docs/product/01-access.md §2 "Settings: User Management"): the team, the invite form, edit and delete. */
export function UserManagement() {
  const { currentEntity, data } = useAppState()
  const { getAccessToken } = useAuth()
  const { getSocketId } = useSocket()
  const queryClient = useQueryClient()
  const canManage = useCan('manageTeamAndBilling')
  const entityId = currentEntity?.entityId ?? ''
  const key = teamQueryKey(entityId)
  const options = async () => ({ token: await getAccessToken(), socketId: getSocketId() })

  const team = useQuery({
    queryKey: key,
    queryFn: async () => orderTeam(await getUsers(entityId, await options())),
    enabled: entityId !== '',
    retry: false,
  })

  const [message, setMessage] = useState<Message | null>(null)
  useEffect(() => {
    if (!message) return
    const timer = setTimeout(() => setMessage(null), MESSAGE_DURATION_MS)
    return () => clearTimeout(timer)
  }, [message])

  const setUsers = (change: (users: User[]) => User[]) =>
    queryClient.setQueryData<User[]>(key, (users) => orderTeam(change(users ?? [])))

  const [editing, setEditing] = useState<{ id: string; role: Role } | null>(null)
  const [toDelete, setToDelete] = useState<User | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)

  async function saveRole(user: User, role: Role) {
    setBusyId(user.id)
    try {
      const saved = await changeUserRole(entityId, user, role, await options())
      setUsers((users) => users.map((u) => (u.id === saved.id ? saved : u)))
      setEditing(null)
      setMessage({ kind: 'success', text: `${displayName(saved)} is now ${saved.role}.` })
      // One's own new role changes what the app shows.
      if (saved.id === data.user.id) void queryClient.invalidateQueries({ queryKey: ['bootstrap'] })
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) })
      void team.refetch()
    } finally {
      setBusyId(null)
    }
  }

  async function remove(user: User) {
    setBusyId(user.id)
    try {
      await removeUser(entityId, user, await options())
      setUsers((users) => users.filter((u) => u.id !== user.id))
      setMessage({
        kind: 'success',
        text:
          user.status === 'Invited'
            ? `The invitation to ${user.email} was withdrawn.`
            : `${displayName(user)} was removed from the brewery.`,
      })
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) })
      void team.refetch()
    } finally {
      setBusyId(null)
    }
  }

  async function resend(user: User) {
    setBusyId(user.id)
    try {
      const saved = await resendInvitation(entityId, user.id, await options())
      setUsers((users) => users.map((u) => (u.id === saved.id ? saved : u)))
      setMessage({ kind: 'success', text: `Invitation sent to ${saved.email} as ${saved.role}.` })
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) })
    } finally {
      setBusyId(null)
    }
  }

  return (
    <section
      aria-labelledby="user-management-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6"
    >
      <h2 id="user-management-heading" className="text-xl font-semibold">
        User Management
      </h2>

      {canManage ? (
        <InviteForm
          onInvite={async (invite) => {
            const user = await inviteUser(entityId, invite, await options())
            setUsers((users) => [...users.filter((u) => u.id !== user.id), user])
            return user
          }}
          onMessage={setMessage}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Only an Admin can invite, change or remove members.</p>
      )}

      <MessageArea message={message} />

      <div className="relative overflow-x-auto rounded-xl border bg-card shadow-xs">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Users of the brewery</caption>
          <thead className="border-b bg-muted/50 text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Role
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              {canManage && (
                <th scope="col" className="px-4 py-3 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {team.isPending ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-muted-foreground">
                  <span className="inline-flex items-center gap-2">
                    <Spinner className="size-4" aria-hidden="true" />
                    Loading users...
                  </span>
                </td>
              </tr>
            ) : team.isError ? (
              <tr>
                <td colSpan={5} className="px-4 py-6">
                  <span role="alert" className="text-destructive">
                    {USER_MANAGEMENT_MESSAGES.loadFailed}
                  </span>{' '}
                  <Button size="sm" variant="outline" onClick={() => void team.refetch()}>
                    Retry
                  </Button>
                </td>
              </tr>
            ) : team.data.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-muted-foreground">
                  No users found
                </td>
              </tr>
            ) : (
              team.data.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isSelf={user.id === data.user.id}
                  canManage={canManage}
                  isBusy={busyId === user.id}
                  editingRole={editing?.id === user.id ? editing.role : null}
                  onEdit={() => setEditing({ id: user.id, role: user.role })}
                  onEditRole={(role) => setEditing({ id: user.id, role })}
                  onCancel={() => setEditing(null)}
                  onSave={(role) => void saveRole(user, role)}
                  onDelete={() => setToDelete(user)}
                  onResend={() => void resend(user)}
                />
              ))
            )}
          </tbody>
        </table>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete?.status === 'Invited' ? 'Withdraw this invitation?' : 'Remove this user?'}
        description={
          toDelete?.status === 'Invited'
            ? `The invitation link sent to ${toDelete.email} will stop working.`
            : `${toDelete ? displayName(toDelete) : 'This user'} will lose access to the brewery. Their account stays; you can invite them again.`
        }
        confirmLabel={toDelete?.status === 'Invited' ? 'Withdraw' : 'Remove'}
        onConfirm={() => toDelete && void remove(toDelete)}
      />
    </section>
  )
}

function MessageArea({ message }: { message: Message | null }) {
  // Both regions stay mounted, so screen readers announce a new message.
  return (
    <div className="min-h-6">
      <div role="status" aria-live="polite">
        {message?.kind === 'success' && (
          <p className="text-sm font-medium text-emerald-700">{message.text}</p>
        )}
      </div>
      <div role="alert">
        {message?.kind === 'error' && (
          <div className="text-sm text-destructive">
            <p className="font-medium">{message.text}</p>
            {message.detail && message.detail !== message.text && <p>{message.detail}</p>}
          </div>
        )}
      </div>
    </div>
  )
}

function InviteForm({
  onInvite,
  onMessage,
}: {
  onInvite: (invite: { email: string; role: Role }) => Promise<User>
  onMessage: (message: Message) => void
}) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>(DEFAULT_ROLE)
  const [isSending, setIsSending] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    if (!address) {
      onMessage({ kind: 'error', text: USER_MANAGEMENT_MESSAGES.emptyEmail })
      return
    }
    setIsSending(true)
    try {
      await onInvite({ email: address, role })
      onMessage({ kind: 'success', text: USER_MANAGEMENT_MESSAGES.invited(address, role) })
      setEmail('')
      setRole(DEFAULT_ROLE)
    } catch (error) {
      onMessage({ kind: 'error', text: USER_MANAGEMENT_MESSAGES.inviteFailed, detail: errorText(error) })
    } finally {
      setIsSending(false)
    }
  }

  return (
    <form
      aria-label="Invite a user"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-[1fr_10rem_auto] sm:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          placeholder="brewer@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <NativeSelect
          id={`${id}-role`}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {(['Admin', 'Brewer', 'Manager'] as const).map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={isSending}>
        {isSending ? 'Sending...' : 'Invite User'}
      </Button>
    </form>
  )
}

function UserRow({
  user,
  isSelf,
  canManage,
  isBusy,
  editingRole,
  onEdit,
  onEditRole,
  onCancel,
  onSave,
  onDelete,
  onResend,
}: {
  user: User
  isSelf: boolean
  canManage: boolean
  isBusy: boolean
  editingRole: Role | null
  onEdit: () => void
  onEditRole: (role: Role) => void
  onCancel: () => void
  onSave: (role: Role) => void
  onDelete: () => void
  onResend: () => void
}) {
  const id = useId()
  const name = displayName(user)
  const isEditing = editingRole !== null
  const isExpired = user.invitation?.isExpired === true
  return (
    <tr className="border-b last:border-b-0">
      <td className="px-4 py-3 font-medium">
        {name}
        {isSelf && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
      </td>
      <td className="px-4 py-3 break-words">{user.email}</td>
      <td className="px-4 py-3">
        {isEditing ? (
          <>
            <label htmlFor={`${id}-role`} className="sr-only">
              Role for {name}
            </label>
            <NativeSelect
              id={`${id}-role`}
              className="h-8 w-32"
              value={editingRole}
              onChange={(event) => onEditRole(event.target.value as Role)}
              onKeyDown={(event) => event.key === 'Escape' && onCancel()}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </NativeSelect>
          </>
        ) : (
          user.role
        )}
      </td>
      <td className="px-4 py-3">
        {user.status}
        {isExpired && <span className="ml-1 text-xs text-destructive">(link expired)</span>}
      </td>
      {canManage && (
        <td className="px-4 py-3">
          <div className="flex flex-wrap justify-end gap-2">
            {isEditing ? (
              <>
                <Button size="sm" disabled={isBusy} onClick={() => onSave(editingRole)}>
                  Save
                </Button>
                <Button size="sm" variant="ghost" onClick={onCancel}>
                  Cancel
                </Button>
              </>
            ) : (
              <>
                {user.status === 'Invited' && (
                  <Button size="sm" variant="outline" disabled={isBusy} onClick={onResend}>
                    Resend
                  </Button>
                )}
                <Button size="sm" variant="outline" disabled={isBusy} onClick={onEdit}>
                  Edit
                </Button>
                <Button size="sm" variant="outline" disabled={isBusy} onClick={onDelete}>
                  Delete
                </Button>
              </>
            )}
          </div>
        </td>
      )}
    </tr>
  )
}
