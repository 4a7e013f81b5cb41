import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { makeEnvelope } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { users } from '../../db/schema/users.ts'
import { loadOrCreateMediaSigningKey } from '../../storage/signing-key.ts'
import { createUrlSigner } from '../../storage/url-signer.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

const BUSINESS = {
  name: 'Label Art Brewing',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
const MAX_BYTES = 4096
// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

type Json = Record<string, unknown>
type ErrorBody = { error: { code: string; message: string; issues?: { path: string }[] } }

describe.each(TEST_DATABASES)('media API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let adminB: string
  let brewerA: string
  let managerA: string
  let entityA: string
  let entityB: string
  let productA: string
  let productB: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (
    sub: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: sub ? { authorization: `Bearer ${await token(sub)}` } : {},
    })
  /** The path and query of an absolute link of the app. */
  const local = (url: string) => {
    const u = new URL(url)
    expect(u.origin).toBe(t.publicUrl)
    return `${u.pathname}${u.search}`
  }
  const put = (
    url: string,
    body: Buffer | string,
    contentType: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'PUT',
      url: local(url),
      payload: body,
      headers: { 'content-type': contentType, ...headers },
    })

  async function brewery(sub: string) {
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    return response.json<{ data: { entityId: string } }>().data.entityId
  }
  async function member(entityId: string, role: 'Brewer' | 'Manager') {
    const sub = crypto.randomUUID()
    await testDb.db.insert(users).values({ idpIdentifier: sub, entityId, role, email: `${sub}@example.com` })
    return sub
  }
  async function product(sub: string) {
    const id = crypto.randomUUID()
    const response = await call(
      sub,
      'POST',
      '/api/products',
      makeEnvelope('product', { id, name: 'Label IPA' }),
    )
    expect(response.statusCode).toBe(201)
    return id
  }
  const requestUpload = (sub: string, body: Json) => call(sub, 'POST', '/api/media/upload', body)
  async function upload(
    sub = adminA,
    productId = productA,
    entityId = entityA,
    type = 'image/png',
    body: Buffer = PNG,
  ) {
    const response = await requestUpload(sub, { fileName: 'label.png', fileType: type, entityId, productId })
    expect(response.statusCode).toBe(200)
    const { uploadUrl, s3Key } = response.json<{ uploadUrl: string; s3Key: string }>()
    const sent = await put(uploadUrl, body, type)
    expect(sent.statusCode).toBe(200)
    return { uploadUrl, s3Key }
  }
  const attachBody = (s3Key: string, extra: Json = {}) =>
    makeEnvelope('product:file', {
      id: crypto.randomUUID(),
      name: 'label.png',
      description: 'Front label',
      s3Key,
      fileType: 'image/png',
      size: PNG.length,
      ...extra,
    })
  const filesOf = async (sub: string, productId: string) =>
    (await call(sub, 'GET', `/api/products/${productId}`)).json<{ data: { files: Json[] } }>().data.files

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb, env: { UPLOAD_MAX_BYTES: String(MAX_BYTES) } })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    entityA = await brewery(adminA)
    entityB = await brewery(adminB)
    brewerA = await member(entityA, 'Brewer')
    managerA = await member(entityA, 'Manager')
    productA = await product(adminA)
    productB = await product(adminB)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('uploads a PNG through a signed URL, attaches it and serves it through the signed link products carry', async () => {
    const { s3Key } = await upload(managerA)
    expect(s3Key.startsWith(`${entityA}/${productA}/`)).toBe(true)
    expect(s3Key).toMatch(/\.png$/)
    const attached = await call(managerA, 'POST', `/api/products/${productA}/files`, attachBody(s3Key))
    expect(attached.statusCode).toBe(201)
    expect(attached.json<{ data: Json }>().data).toMatchObject({ s3Key, size: PNG.length, name: 'label.png' })

    const file = (await filesOf(adminA, productA)).find((f) => f.s3Key === s3Key)!
    expect(file).toMatchObject({
      name: 'label.png',
      description: 'Front label',
      fileType: 'image/png',
      size: PNG.length,
    })
    expect(String(file.url)).toMatch(new RegExp(`^${t.publicUrl}/uploads/${s3Key}\\?expires=\\d+&signature=`))
    const read = await t.app.inject({ method: 'GET', url: local(String(file.url)) })
    expect(read.statusCode).toBe(200)
    expect(read.headers['content-type']).toBe('image/png')
    expect(read.headers['x-content-type-options']).toBe('nosniff')
    expect(read.headers['content-security-policy']).toMatch(/sandbox/)
    expect(read.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
    expect(read.rawPayload.equals(PNG)).toBe(true)

    // Also in bootstrap, with its link.
    const bootstrap = await call(adminA, 'GET', '/api/users/bootstrap')
    expect(JSON.stringify(bootstrap.json())).toContain(`/uploads/${s3Key}?expires=`)
  })

  it('refuses a read without a signature, with a tampered one, or for another key (403), and a missing object (404)', async () => {
    const { s3Key } = await upload()
    await call(adminA, 'POST', `/api/products/${productA}/files`, attachBody(s3Key))
    const url = String((await filesOf(adminA, productA)).find((f) => f.s3Key === s3Key)!.url)
    const { pathname, searchParams } = new URL(url)
    expect((await t.app.inject({ method: 'GET', url: pathname })).statusCode).toBe(403)
    const signature = searchParams.get('signature')!
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    const tampered = await t.app.inject({
      method: 'GET',
      url: `${pathname}?expires=${searchParams.get('expires')}&signature=${flipped}`,
    })
    expect(tampered.statusCode).toBe(403)
    expect(tampered.json<ErrorBody>().error.message).toBe('This link is not valid.')
    const later = await t.app.inject({
      method: 'GET',
      url: `${pathname}?expires=${Number(searchParams.get('expires')) + 3600}&signature=${signature}`,
    })
    expect(later.statusCode).toBe(403)
    // The same signature on another key of the brewery.
    const other = (await upload()).s3Key
    expect(
      (await t.app.inject({ method: 'GET', url: `/uploads/${other}?${searchParams.toString()}` })).statusCode,
    ).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })).statusCode).toBe(404)
  })

  it('refuses an expired upload URL and an expired read link (403) and stores nothing', async () => {
    const signer = createUrlSigner(await loadOrCreateMediaSigningKey(testDb.db))
    const s3Key = `${entityA}/${productA}/${crypto.randomUUID()}.png`
    const expires = Math.floor(Date.now() / 1000) - 1
    const signature = signer.sign({ method: 'PUT', key: s3Key, contentType: 'image/png', expires })
    const response = await t.app.inject({
      method: 'PUT',
      url: `/uploads/${s3Key}?expires=${expires}&type=image%2Fpng&signature=${signature}`,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json<ErrorBody>().error.message).toBe('This link has expired.')
    const readSignature = signer.sign({ method: 'GET', key: s3Key, contentType: '', expires })
    const read = await t.app.inject({
      method: 'GET',
      url: `/uploads/${s3Key}?expires=${expires}&signature=${readSignature}`,
    })
    expect(read.statusCode).toBe(403)
    const attach = await call(adminA, 'POST', `/api/products/${productA}/files`, attachBody(s3Key))
    expect(attach.statusCode).toBe(400)
  })

  it('refuses a tampered upload URL: another key, another type or a changed signature (403)', async () => {
    const response = await requestUpload(adminA, {
      fileName: 'a.png',
      fileType: 'image/png',
      entityId: entityA,
      productId: productA,
    })
    const { uploadUrl } = response.json<{ uploadUrl: string }>()
    const url = new URL(uploadUrl)
    const otherKey = `${entityA}/${productA}/${crypto.randomUUID()}.png`
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/uploads/${otherKey}${url.search}`,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    })
    expect(moved.statusCode).toBe(403)
    url.searchParams.set('type', 'text/plain')
    const retyped = await t.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      payload: 'hi',
      headers: { 'content-type': 'text/plain' },
    })
    expect(retyped.statusCode).toBe(403)
    const forged = new URL(uploadUrl)
    forged.searchParams.set('signature', 'x'.repeat(43))
    expect((await put(forged.toString(), PNG, 'image/png')).statusCode).toBe(403)
    // A GET link cannot be used to upload, nor an upload link to read.
    expect((await t.app.inject({ method: 'GET', url: local(uploadUrl) })).statusCode).toBe(403)
  })

  it('refuses a type that is not accepted (400) and a Content-Type other than the declared one (400)', async () => {
    for (const fileType of ['application/x-msdownload', 'text/html', 'image/svg']) {
      const response = await requestUpload(adminA, {
        fileName: 'x',
        fileType,
        entityId: entityA,
        productId: productA,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json<ErrorBody>().error.issues?.map((i) => i.path)).toEqual(['fileType'])
    }
    const response = await requestUpload(adminA, {
      fileName: 'a.png',
      fileType: 'image/png',
      entityId: entityA,
      productId: productA,
    })
    const { uploadUrl, s3Key } = response.json<{ uploadUrl: string; s3Key: string }>()
    const mismatch = await put(uploadUrl, '<html><script>alert(1)</script>', 'text/html')
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json<ErrorBody>().error.message).toBe(
      'The Content-Type (text/html) differs from the declared type image/png.',
    )
    const attach = await call(adminA, 'POST', `/api/products/${productA}/files`, attachBody(s3Key))
    expect(attach.statusCode).toBe(400)
    // Attaching with another type than the one uploaded.
    const { s3Key: png } = await upload()
    const retyped = await call(
      adminA,
      'POST',
      `/api/products/${productA}/files`,
      attachBody(png, { fileType: 'image/gif' }),
    )
    expect(retyped.statusCode).toBe(400)
    expect(retyped.json<ErrorBody>().error.issues?.[0].path).toBe('data.fileType')
  })

  it('answers 413 for a file over UPLOAD_MAX_BYTES: declared, sent with its length, or streamed, and keeps nothing', async () => {
    const declared = await requestUpload(adminA, {
      fileName: 'big.mp4',
      fileType: 'video/mp4',
      entityId: entityA,
      productId: productA,
      fileSize: MAX_BYTES + 1,
    })
    expect(declared.statusCode).toBe(413)
    expect(declared.json<ErrorBody>().error.code).toBe('PAYLOAD_TOO_LARGE')

    const response = await requestUpload(adminA, {
      fileName: 'big.txt',
      fileType: 'text/plain',
      entityId: entityA,
      productId: productA,
    })
    const { uploadUrl, s3Key } = response.json<{ uploadUrl: string; s3Key: string }>()
    const big = Buffer.alloc(MAX_BYTES + 1, 'a')
    const sent = await put(uploadUrl, big, 'text/plain')
    expect(sent.statusCode).toBe(413)
    expect(sent.json<ErrorBody>().error.code).toBe('PAYLOAD_TOO_LARGE')
    // Without a Content-Length (chunked), the stream is cut at the limit.
    const { Readable } = await import('node:stream')
    const chunked = await t.app.inject({
      method: 'PUT',
      url: local(uploadUrl),
      payload: Readable.from([big.subarray(0, 3000), big.subarray(3000)]),
      headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
    })
    expect(chunked.statusCode).toBe(413)
    const folder = path.join(t.dataDir, 'uploads', entityA, productA)
    expect((await readdir(folder)).filter((f) => f.startsWith(path.basename(s3Key)))).toEqual([])
    // Exactly the limit is fine.
    expect((await put(uploadUrl, Buffer.alloc(MAX_BYTES, 'a'), 'text/plain')).statusCode).toBe(200)
  })

  it('keeps the file name as a display name only: ../, NUL bytes and 300 characters', async () => {
    const traversal = await requestUpload(adminA, {
      fileName: '../../../etc/passwd.png',
      fileType: 'image/png',
      entityId: entityA,
      productId: productA,
    })
    expect(traversal.statusCode).toBe(200)
    const { s3Key } = traversal.json<{ s3Key: string }>()
    expect(s3Key).not.toContain('..')
    expect(s3Key).not.toContain('passwd')
    expect(s3Key).toMatch(new RegExp(`^${entityA}/${productA}/[0-9a-f-]{36}\\.png$`))

    const nul = await requestUpload(adminA, {
      fileName: 'label\u0000.png',
      fileType: 'image/png',
      entityId: entityA,
      productId: productA,
    })
    expect(nul.statusCode).toBe(400)
    expect(nul.json<ErrorBody>().error.issues?.map((i) => i.path)).toEqual(['fileName'])
    const tab = await requestUpload(adminA, {
      fileName: 'label\t.png',
      fileType: 'image/png',
      entityId: entityA,
      productId: productA,
    })
    expect(tab.statusCode).toBe(400)
    expect(tab.json<ErrorBody>().error.message).toContain('control characters')
    const long = await requestUpload(adminA, {
      fileName: `${'a'.repeat(296)}.png`,
      fileType: 'image/png',
      entityId: entityA,
      productId: productA,
    })
    expect(long.statusCode).toBe(400)
    expect(long.json<ErrorBody>().error.message).toContain('at most 255 characters')

    const { s3Key: uploaded } = await upload()
    const named = await call(
      adminA,
      'POST',
      `/api/products/${productA}/files`,
      attachBody(uploaded, { name: '../x\u0000' }),
    )
    expect(named.statusCode).toBe(400)
    // A key that is not of the server's making never reaches storage.
    const crafted = await call(
      adminA,
      'POST',
      `/api/products/${productA}/files`,
      attachBody(`${entityA}/${productA}/../../x.png`),
    )
    expect(crafted.statusCode).toBe(400)
  })

  it("keeps another brewery out: its upload, attach, read and delete of brewery A's keys all fail", async () => {
    // Upload location for brewery A's entity or product, asked by brewery B: 404.
    expect(
      (
        await requestUpload(adminB, {
          fileName: 'x.png',
          fileType: 'image/png',
          entityId: entityA,
          productId: productA,
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await requestUpload(adminB, {
          fileName: 'x.png',
          fileType: 'image/png',
          entityId: entityB,
          productId: productA,
        })
      ).statusCode,
    ).toBe(404)

    const { s3Key } = await upload()
    // Attach A's object to B's product: 404, and to A's product through B: 404.
    const toOwn = await call(adminB, 'POST', `/api/products/${productB}/files`, attachBody(s3Key))
    expect(toOwn.statusCode).toBe(404)
    expect(
      (await call(adminB, 'POST', `/api/products/${productA}/files`, attachBody(s3Key))).statusCode,
    ).toBe(404)
    // Delete A's object through B: 404, and the object is still there.
    const deleted = await call(adminB, 'POST', '/api/delete-file', { s3Key })
    expect(deleted.statusCode).toBe(404)
    const attached = await call(adminA, 'POST', `/api/products/${productA}/files`, attachBody(s3Key))
    expect(attached.statusCode).toBe(201)
    const fileId = attached.json<{ data: { id: string } }>().data.id
    // B cannot rename or delete it, nor see it.
    expect(
      (
        await call(
          adminB,
          'PUT',
          `/api/products/${productA}/files/${fileId}`,
          makeEnvelope('product:file', { id: fileId, name: 'x', description: '' }),
        )
      ).statusCode,
    ).toBe(404)
    expect((await call(adminB, 'DELETE', `/api/products/${productA}/files/${fileId}`)).statusCode).toBe(404)
    expect((await call(adminB, 'GET', '/api/products')).body).not.toContain(s3Key)
    // B's own signed link is for B's keys only: a link for A's key signed by nobody is refused.
    const { s3Key: bKey } = await upload(adminB, productB, entityB)
    await call(adminB, 'POST', `/api/products/${productB}/files`, attachBody(bKey))
    const bUrl = new URL(String((await filesOf(adminB, productB))[0].url))
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${s3Key}${bUrl.search}` })).statusCode).toBe(
      403,
    )
    expect((await filesOf(adminA, productA)).some((f) => f.s3Key === s3Key)).toBe(true)
  })

  it('refuses to attach an object that was never uploaded (400) and a file id already used (409)', async () => {
    const response = await requestUpload(adminA, {
      fileName: 'a.png',
      fileType: 'image/png',
      entityId: entityA,
      productId: productA,
    })
    const { s3Key } = response.json<{ s3Key: string }>()
    const early = await call(adminA, 'POST', `/api/products/${productA}/files`, attachBody(s3Key))
    expect(early.statusCode).toBe(400)
    expect(early.json<ErrorBody>().error.message).toBe('The file has not been uploaded yet.')
    const { s3Key: done } = await upload()
    const body = attachBody(done)
    expect((await call(adminA, 'POST', `/api/products/${productA}/files`, body)).statusCode).toBe(201)
    const again = await call(adminA, 'POST', `/api/products/${productA}/files`, {
      ...body,
      metadata: { correlationIdentifier: crypto.randomUUID() },
    })
    expect(again.statusCode).toBe(409)
  })

  it('needs a token for the API, and the Manager role for media writes (a Brewer gets 403)', async () => {
    expect(
      (
        await call(null, 'POST', '/api/media/upload', {
          fileName: 'a.png',
          fileType: 'image/png',
          entityId: entityA,
          productId: productA,
        })
      ).statusCode,
    ).toBe(401)
    expect(
      (
        await call(null, 'POST', '/api/delete-file', {
          s3Key: `${entityA}/${productA}/${crypto.randomUUID()}.png`,
        })
      ).statusCode,
    ).toBe(401)
    const forbidden = await requestUpload(brewerA, {
      fileName: 'a.png',
      fileType: 'image/png',
      entityId: entityA,
      productId: productA,
    })
    expect(forbidden.statusCode).toBe(403)
    const { s3Key } = await upload()
    expect(
      (await call(brewerA, 'POST', `/api/products/${productA}/files`, attachBody(s3Key))).statusCode,
    ).toBe(403)
    expect((await call(brewerA, 'POST', '/api/delete-file', { s3Key })).statusCode).toBe(403)
    // A Brewer still reads the files.
    expect((await call(brewerA, 'GET', `/api/products/${productA}`)).statusCode).toBe(200)
  })

  it('renames and deletes a file (the object too), idempotently', async () => {
    const { s3Key } = await upload()
    const body = attachBody(s3Key)
    const id = body.data.id
    await call(adminA, 'POST', `/api/products/${productA}/files`, body)
    const rename = makeEnvelope('product:file', { id, name: 'Front label.png', description: 'Approved art' })
    const renamed = await call(adminA, 'PUT', `/api/products/${productA}/files/${id}`, rename)
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json<{ data: Json }>().data).toMatchObject({
      name: 'Front label.png',
      description: 'Approved art',
      s3Key,
    })
    const url = String((await filesOf(adminA, productA)).find((f) => f.id === id)!.url)

    const key = crypto.randomUUID()
    const remove = async () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/products/${productA}/files/${id}`,
        headers: { authorization: `Bearer ${await token(adminA)}`, 'idempotency-key': key },
      })
    expect((await remove()).statusCode).toBe(204)
    expect((await remove()).statusCode).toBe(204)
    expect((await filesOf(adminA, productA)).some((f) => f.id === id)).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: local(url) })).statusCode).toBe(404)
    expect((await call(adminA, 'DELETE', `/api/products/${productA}/files/${id}`)).statusCode).toBe(404)
  })

  it('deletes an uploaded object with POST /api/delete-file, detaching it when attached', async () => {
    const { s3Key } = await upload()
    expect((await call(adminA, 'POST', '/api/delete-file', { s3Key })).statusCode).toBe(204)
    const attach = await call(adminA, 'POST', `/api/products/${productA}/files`, attachBody(s3Key))
    expect(attach.statusCode).toBe(400)

    const { s3Key: attached } = await upload()
    await call(adminA, 'POST', `/api/products/${productA}/files`, attachBody(attached))
    expect((await call(managerA, 'POST', '/api/delete-file', { s3Key: attached })).statusCode).toBe(204)
    expect((await filesOf(adminA, productA)).some((f) => f.s3Key === attached)).toBe(false)
    // Keys not of the server's shape are a 404, never a file system path.
    expect(
      (await call(adminA, 'POST', '/api/delete-file', { s3Key: `${entityA}/../../secrets` })).statusCode,
    ).toBe(404)
  })

  it('removes the objects of a deleted product from storage', async () => {
    const productId = await product(adminA)
    const { s3Key } = await upload(adminA, productId)
    await call(adminA, 'POST', `/api/products/${productId}/files`, attachBody(s3Key))
    const url = String((await filesOf(adminA, productId))[0].url)
    expect((await t.app.inject({ method: 'GET', url: local(url) })).statusCode).toBe(200)
    expect((await call(adminA, 'DELETE', `/api/products/${productId}`)).statusCode).toBe(204)
    expect((await t.app.inject({ method: 'GET', url: local(url) })).statusCode).toBe(404)
    // A Manager's delete of another brewery's product neither deletes it nor touches storage.
    const { s3Key: bKey } = await upload(adminB, productB, entityB)
    await call(adminB, 'POST', `/api/products/${productB}/files`, attachBody(bKey))
    expect((await call(managerA, 'DELETE', `/api/products/${productB}`)).statusCode).toBe(404)
    expect((await filesOf(adminB, productB)).some((f) => f.s3Key === bKey)).toBe(true)
  })
})
