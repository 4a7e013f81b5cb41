import { useParams } from 'react-router'
import { InvitationPage } from '@/features/users/components/invitation-page.tsx'

export function InvitationRoute() {
  const { token = '' } = useParams()
  return <InvitationPage key={token} token={token} />
}
