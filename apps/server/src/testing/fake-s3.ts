import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type Stored = { body: Buffer; contentType: string }

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

function xmlError(res: ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  )
}

/**
 * A small S3-compatible server for tests (path-style buckets): PUT, HEAD, GET and DELETE of objects.
 * Presigned requests are checked as S3 checks them (AWS Signature Version 4 over the query string,
 * the signed headers, and the expiry); SDK calls must carry an Authorization header with the access key.
 */
export async function startFakeS3({
  bucket,
  accessKeyId,
  secretAccessKey,
  region,
}: {
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
}) {
  const objects = new Map<string, Stored>()
  const requests: { method: string; key: string; presigned: boolean }[] = []

  function presignedProblem(req: IncomingMessage, url: URL): string | null {
    const q = url.searchParams
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'AuthorizationQueryParametersError'
    const [keyId, date, credentialRegion, service] = (q.get('X-Amz-Credential') ?? '').split('/')
    if (keyId !== accessKeyId || credentialRegion !== region || service !== 's3') return 'InvalidAccessKeyId'
    const amzDate = q.get('X-Amz-Date') ?? ''
    const signedAt = Date.parse(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    )
    if (Number.isNaN(signedAt) || signedAt + Number(q.get('X-Amz-Expires')) * 1000 < Date.now())
      return 'AccessDenied'
    const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';')
    const rawQuery = (req.url ?? '').split('?')[1] ?? ''
    const canonicalQuery = rawQuery
      .split('&')
      .filter((pair) => !pair.startsWith('X-Amz-Signature='))
      .sort()
      .join('&')
    const canonicalHeaders = signedHeaders
      .map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`)
      .join('')
    const canonicalRequest = [
      req.method,
      url.pathname,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders.join(';'),
      'UNSIGNED-PAYLOAD',
    ].join('\n')
    const scope = `${date}/${region}/s3/aws4_request`
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n')
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), 's3'), 'aws4_request')
    const expected = hmac(signingKey, stringToSign).toString('hex')
    return expected === q.get('X-Amz-Signature') ? null : 'SignatureDoesNotMatch'
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-s3')
    const [, bucketName, ...rest] = url.pathname.split('/')
    const key = decodeURIComponent(rest.join('/'))
    const presigned = url.searchParams.has('X-Amz-Signature')
    requests.push({ method: req.method ?? '', key, presigned })
    if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket')
    if (presigned) {
      const problem = presignedProblem(req, url)
      if (problem) {
        req.resume()
        return xmlError(res, 403, problem)
      }
    } else if (!String(req.headers.authorization ?? '').includes(`Credential=${accessKeyId}/`)) {
      req.resume()
      return xmlError(res, 403, 'AccessDenied')
    }
    if (req.method === 'PUT') {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: String(req.headers['content-type'] ?? ''),
        })
        res.writeHead(200, { etag: '"fake"' })
        res.end()
      })
      return
    }
    const object = objects.get(key)
    if (req.method === 'DELETE') {
      objects.delete(key)
      res.writeHead(204)
      return res.end()
    }
    if (!object) {
      if (req.method === 'HEAD') {
        res.writeHead(404)
        return res.end()
      }
      return xmlError(res, 404, 'NoSuchKey')
    }
    res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length })
    res.end(req.method === 'HEAD' ? undefined : object.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
