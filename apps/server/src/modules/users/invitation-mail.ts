import type { MailMessage } from '../../mail/mailer.ts'

export interface InvitationMail {
  to: string
  entityName: string
  role: string
  inviterName: string
  link: string
  expiresAt: Date
}

/** The invitation email: who invites, to which brewery and role, and the single-use link. */
export function invitationMessage({
  to,
  entityName,
  role,
  inviterName,
  link,
  expiresAt,
}: InvitationMail): MailMessage {
  const expires = expiresAt.toUTCString()
  const inviter = inviterName ? `${inviterName} invited you` : 'You are invited'
  return {
    to,
    subject: `You are invited to join ${entityName} on BrewCommand`,
    text: [
      `${inviter} to join ${entityName} on BrewCommand as ${role}.`,
      '',
      'Accept the invitation here (sign in, or create an account with this address):',
      link,
      '',
      `The link works once and expires on ${expires}.`,
      'If you did not expect this invitation, you can ignore this email.',
      '',
    ].join('\n'),
  }
}
