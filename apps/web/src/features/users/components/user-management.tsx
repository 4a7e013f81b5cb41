import type { User } from '@brewcommand/domain'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { USERS_TEXTS } from '../messages.ts'
import { useCan } from '../use-can.ts'
import { InviteForm } from './invite-form.tsx'
import { MessageArea } from './message-area.tsx'
import { displayName } from './team.ts'
import { TeamTable } from './team-table.tsx'
import { useTeam } from './use-team.ts'

export { displayName, orderTeam } from './team.ts'
export { MESSAGE_DURATION_MS } from './use-team.ts'

/** Settings → Users (docs/product/01-access.md §2 "Settings: User Management"): the team, the invite form, edit and delete. */
export function UserManagement() {
  const canManage = useCan('manageTeamAndBilling')
  const { team, selfId, message, setMessage, editing, setEditing, busyId, saveRole, remove, resend, invite } =
    useTeam()
  const [toDelete, setToDelete] = useState<User | null>(null)
  const confirm = toDelete?.status === 'Invited' ? USERS_TEXTS.confirmWithdraw : USERS_TEXTS.confirmRemove

  return (
    <section
      aria-labelledby="user-management-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6"
    >
      <h2 id="user-management-heading" className="text-xl font-semibold">
        User Management
      </h2>

      {canManage ? (
        <InviteForm onInvite={invite} onMessage={setMessage} />
      ) : (
        <p className="text-sm text-muted-foreground">{USERS_TEXTS.adminOnly}</p>
      )}

      <MessageArea message={message} />

      <TeamTable
        team={team}
        selfId={selfId}
        canManage={canManage}
        editing={editing}
        setEditing={setEditing}
        busyId={busyId}
        actions={{ saveRole, resend }}
        onDelete={setToDelete}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={confirm.title}
        description={
          toDelete?.status === 'Invited'
            ? USERS_TEXTS.confirmWithdraw.description(toDelete.email)
            : USERS_TEXTS.confirmRemove.description(toDelete ? displayName(toDelete) : 'This user')
        }
        confirmLabel={confirm.confirm}
        onConfirm={() => toDelete && void remove(toDelete)}
      />
    </section>
  )
}
