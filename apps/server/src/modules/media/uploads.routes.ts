import { S3_KEY_PATTERN } from '@brewcommand/domain'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { AppError } from '../../errors.ts'
import { dispositionOf } from '../../storage/content-types.ts'
import { UploadTooLargeError } from '../../storage/local-disk-storage.ts'
import type { MediaStorage } from '../../storage/media-storage.ts'
import type { UploadGrants } from '../../storage/upload-grants.ts'
import type { SignatureProblem } from '../../storage/url-signer.ts'

type Query = { expires?: string; signature?: string; type?: string }

const LINK_MESSAGES: Record<SignatureProblem, string> = {
  missing: 'This link is not signed.',
  invalid: 'This link is not valid.',
  expired: 'This link has expired.',
}
const USED_MESSAGE = 'This upload link was already used. Request a new upload to send another file.'

function keyOf(params: unknown): string {
  const key = (params as { '*': string })['*']
  if (!S3_KEY_PATTERN.test(key)) throw new AppError('NOT_FOUND', 'File not found.')
  return key
}

/** A stored file may be SVG or HTML-like text: it is never run as a page of this origin. */
function sandbox(reply: FastifyReply, contentType: string) {
  reply
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
    )
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-disposition', dispositionOf(contentType))
}

/**
 * `/uploads/{s3Key}` (docs/product/02-products.md §2: media links are {host}/uploads/{s3Key}): signed reads, and on local disk
 * the signed upload PUT. Neither needs a bearer token: the signature is the permission.
 */
export const uploadsRoutes: FastifyPluginAsync<{ media: MediaStorage; grants: UploadGrants }> = async (
  app,
  { media, grants },
) => {
  // The body of a PUT is the raw file: streamed to storage, never parsed or buffered.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))

  app.get('/uploads/*', async (request, reply) => {
    const key = keyOf(request.params)
    const query = request.query as Query
    const problem = media.signer.verify({ method: 'GET', key, contentType: '' }, query)
    if (problem) throw new AppError('FORBIDDEN', LINK_MESSAGES[problem])
    const object = await media.storage.read(key)
    if (!object) throw new AppError('NOT_FOUND', 'File not found.')
    const secondsLeft = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000))
    reply.header('cache-control', `private, max-age=${Math.min(secondsLeft, 3600)}`)
    reply.header('x-content-type-options', 'nosniff')
    if (object.kind === 'redirect') return reply.redirect(object.url, 302)
    sandbox(reply, object.contentType)
    return reply.type(object.contentType).header('content-length', object.size).send(object.stream)
  })

  app.put('/uploads/*', async (request, reply) => {
    const local = media.local
    if (!local) throw new AppError('NOT_FOUND', 'Not found.')
    const key = keyOf(request.params)
    const query = request.query as Query
    const declared = query.type ?? ''
    const problem = media.signer.verify({ method: 'PUT', key, contentType: declared }, query)
    if (problem) throw new AppError('FORBIDDEN', LINK_MESSAGES[problem])
    // Single use (ADR 131): the first completed PUT uses the URL up; another is refused.
    const state = await grants.state(key)
    if (state === 'unknown') throw new AppError('FORBIDDEN', LINK_MESSAGES.invalid)
    if (state === 'used') throw new AppError('CONFLICT', USED_MESSAGE)
    const sent = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
    if (sent !== declared) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The Content-Type (${sent || 'none'}) differs from the declared type ${declared}.`,
      )
    }
    const length = Number(request.headers['content-length'] ?? NaN)
    const tooLarge = new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is too large: the limit is ${media.maxBytes} bytes.`,
    )
    if (length > media.maxBytes) {
      // Do not read what is refused anyway; close the connection once the answer is out.
      reply.header('connection', 'close')
      throw tooLarge
    }
    try {
      const stored = await local.receive(key, request.raw, media.maxBytes, async () => {
        // Two uploads racing on one URL: only the first to finish is kept.
        if (!(await grants.consume(key))) throw new AppError('CONFLICT', USED_MESSAGE)
      })
      return { data: { s3Key: key, size: stored.size } }
    } catch (error) {
      if (error instanceof UploadTooLargeError) {
        reply.header('connection', 'close')
        throw tooLarge
      }
      throw error
    }
  })
}
