import { ROLES, type Role, type User } from '@brewcommand/domain'
import { useId } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { USERS_TEXTS } from '../messages.ts'
import { displayName } from './team.ts'
import type { useTeam } from './use-team.ts'

/** The team's table: Name, Email, Role, Status and, for an Admin, the row actions. */
export function TeamTable({
  team,
  selfId,
  canManage,
  editing,
  setEditing,
  busyId,
  actions,
  onDelete,
}: {
  team: ReturnType<typeof useTeam>['team']
  selfId: string
  canManage: boolean
  editing: { id: string; role: Role } | null
  setEditing: (editing: { id: string; role: Role } | null) => void
  busyId: string | null
  actions: Pick<ReturnType<typeof useTeam>, 'saveRole' | 'resend'>
  onDelete: (user: User) => void
}) {
  return (
    <div
      role="region"
      aria-label="Users of the brewery"
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border bg-card shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
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
                  {USERS_TEXTS.loading}
                </span>
              </td>
            </tr>
          ) : team.isError ? (
            <tr>
              <td colSpan={5} className="px-4 py-6">
                <span role="alert" className="text-destructive">
                  {USERS_TEXTS.loadFailed}
                </span>{' '}
                <Button size="sm" variant="outline" onClick={() => void team.refetch()}>
                  Retry
                </Button>
              </td>
            </tr>
          ) : team.data.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-4 py-6 text-muted-foreground">
                {USERS_TEXTS.empty}
              </td>
            </tr>
          ) : (
            team.data.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === selfId}
                canManage={canManage}
                isBusy={busyId === user.id}
                editingRole={editing?.id === user.id ? editing.role : null}
                onEdit={() => setEditing({ id: user.id, role: user.role })}
                onEditRole={(role) => setEditing({ id: user.id, role })}
                onCancel={() => setEditing(null)}
                onSave={(role) => void actions.saveRole(user, role)}
                onDelete={() => onDelete(user)}
                onResend={() => void actions.resend(user)}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
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
      <td className="px-4 py-3 font-medium wrap-anywhere">
        {name}
        {isSelf && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
      </td>
      <td className="px-4 py-3 wrap-anywhere">{user.email}</td>
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
