import { ERROR_STATUS, type ErrorCode, type ErrorIssue } from '@brewcommand/domain'

/** An error meant for the client: its code decides the status, its message is shown as it is. */
export class AppError extends Error {
  readonly statusCode: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message)
    this.name = 'AppError'
    this.statusCode = ERROR_STATUS[code]
  }
}
