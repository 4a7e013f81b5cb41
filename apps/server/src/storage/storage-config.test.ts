import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'

const S3 = {
  S3_BUCKET: 'brew-media',
  S3_REGION: 'eu-west-1',
  S3_ACCESS_KEY_ID: 'AKIA1',
  S3_SECRET_ACCESS_KEY: 'secret',
}

describe('media storage configuration', () => {
  it('keeps media on local disk with a 200 MB limit by default', () => {
    const config = loadConfig({})
    expect(config.s3).toBeNull()
    expect(config.uploadMaxBytes).toBe(200 * 1024 * 1024)
  })

  it('switches to S3 when the four S3 variables are set, with an optional endpoint and path style', () => {
    expect(loadConfig(S3).s3).toEqual({
      bucket: 'brew-media',
      region: 'eu-west-1',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret',
      endpoint: undefined,
      forcePathStyle: false,
    })
    const minio = loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' }).s3
    expect(minio).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })
  })

  it('refuses half an S3 set-up, naming each missing variable', () => {
    expect(() => loadConfig({ S3_BUCKET: 'brew-media' })).toThrow(ConfigError)
    const half = () => loadConfig({ S3_BUCKET: 'brew-media', S3_REGION: 'eu-west-1' })
    expect(half).toThrow('S3_ACCESS_KEY_ID: is required when another S3_* variable is set')
    expect(half).toThrow('S3_SECRET_ACCESS_KEY: is required')
    expect(half).not.toThrow('S3_BUCKET:')
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: is required/)
  })

  it('refuses a bad UPLOAD_MAX_BYTES or S3_ENDPOINT, naming the variable', () => {
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '0' })).toThrow(/UPLOAD_MAX_BYTES: must be above 0/)
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: 'lots' })).toThrow(/UPLOAD_MAX_BYTES/)
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT: must be an http\(s\) URL/,
    )
  })
})
