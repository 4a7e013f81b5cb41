import type { MailMessage } from '../../mail/mailer.ts'

export interface InvitationMail {
  to: string
  entityName: string
  role: string
  inviterName: string
  link: string
  expiresAt: Date
}

/** Longest brewery or inviter name the mail repeats; longer text is cut with an ellipsis. */
export const MAIL_NAME_MAX_LENGTH = 60

/**
 * A brewery or person name, written by a user, made safe to repeat in our mail to anyone: one line
 * (no control characters, so nothing can add a header or a paragraph), short, and with nothing a mail
 * program would turn into a link (`scheme:`, `//`, `www.` and `name.tld` are broken with a space or
 * brackets). Our own link is the only link in the mail. See docs/decisions/120-invitation-mail-limits.md.
 */
export function mailSafeName(value: string): string {
  let text = value
    .normalize('NFC')
    // Control characters (CR/LF included), and the Unicode line/paragraph separators and bidi controls.
    .replace(/[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  text = text
    // A scheme (https:, mailto:, javascript:) loses its colon; protocol-relative // its slashes.
    .replace(/\b([a-z][a-z0-9+.-]*):(?=\S)/gi, '$1 ')
    .replace(/\/\//g, '/ /')
    // www.example and example.com: the dot between two name parts becomes [.], which no program links.
    .replace(/([\p{L}\p{N}-])\.(?=[\p{L}\p{N}-])/gu, '$1[.]')
    // An address-like name@host stays readable but unlinked.
    .replace(/@/g, ' at ')
    .replace(/\s+/g, ' ')
    .trim()
  const chars = [...text]
  if (chars.length > MAIL_NAME_MAX_LENGTH) text = `${chars.slice(0, MAIL_NAME_MAX_LENGTH - 1).join('')}…`
  return text
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
  const brewery = mailSafeName(entityName) || 'a brewery'
  const inviterText = mailSafeName(inviterName)
  const inviter = inviterText ? `${inviterText} invited you` : 'You are invited'
  return {
    to,
    subject: `You are invited to join ${brewery} on BrewCommand`,
    text: [
      `${inviter} to join ${brewery} on BrewCommand as ${role}.`,
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
