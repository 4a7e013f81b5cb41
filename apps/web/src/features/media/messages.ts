/** The media screens' texts a person reads (docs/product/02-products.md §4 and §8 where the spec gives them). */

/** Errors of the upload location request: the spec's "Backend error: {error}". */
export const BACKEND_ERROR_PREFIX = 'Backend error: '
export const backendError = (message: string) => `${BACKEND_ERROR_PREFIX}${message}`
export const SERVER_UNREACHABLE = 'Could not reach the server. Check your connection.'
export const NO_UPLOAD_LOCATION = 'The server answered without an upload location.'
export const httpError = (status: number) => `HTTP error! status: ${status}`

/** Errors of a deletion. */
export const DELETION_FAILED = 'Deletion failed.'
export const deletionBackendError = (message: string) => `Deletion backend error: ${message}`

/** Errors and messages of an upload. */
export const uploadFailed = (status: number, text: string) =>
  `Upload failed with status ${status}: ${text || 'no details'}`
export const UPLOAD_NETWORK_ERROR = 'Network error during upload.'
export const UPLOAD_ABORTED = 'Upload aborted by user.'
/** "Uploading in N seconds..." (docs/product/02-products.md §4). */
export const countdownText = (seconds: number) => `Uploading in ${seconds} seconds...`
export const ABORTED_DURING_COUNTDOWN = 'Upload aborted during countdown.'
export const CANCELLED_BY_USER = 'Upload cancelled by user.'
export const CANCELLED = 'Cancelled'

/** docs/product/02-products.md §8: why a dropped file was refused, by react-dropzone's error code. */
export const REJECTION_REASONS: Record<string, string> = {
  'file-invalid-type': 'it is not a supported type.',
  'file-too-large': 'it is too large.',
  'file-too-small': 'it is too small.',
  'too-many-files': 'there are too many files.',
}
export const UNKNOWN_REJECTION_REASON = 'of an unknown error.'
export const cannotUpload = (fileName: string, reason: string) =>
  `${fileName} cannot be uploaded because ${reason}`

/** The drop zone. */
export const DROP_ZONE = {
  label: 'Drop files here, or press Enter to choose files',
  inputLabel: 'Choose files to upload',
  active: 'Drop the files here',
  idle: 'Drag files here, or click to choose',
}

/** Confirming a file's deletion. */
export const deleteFileTitle = (name: string | undefined) => `Delete ${name ?? 'this file'}?`
export const FILE_REMOVED = 'The file is removed from this product and from storage. This cannot be undone.'
export const UPLOAD_REMOVED = 'Anything uploaded of it is removed from storage.'
