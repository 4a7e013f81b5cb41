import { describe, expect, it } from 'vitest'
import {
  extensionOf,
  formatBytes,
  isAcceptedMediaType,
  MediaFileNameSchema,
  S3_KEY_PATTERN,
} from './media.schema.ts'

const uuid = () => crypto.randomUUID()

describe('media rules', () => {
  it.each([
    ['image/png', true],
    ['IMAGE/JPEG', true],
    ['text/plain; charset=utf-8', true],
    ['video/quicktime', true],
    ['text/html', false],
    ['application/x-msdownload', false],
    ['image/svg', false],
    ['', false],
  ])('accepts %j: %s', (type, accepted) => {
    expect(isAcceptedMediaType(type)).toBe(accepted)
  })

  it('takes the stored extension from the type', () => {
    expect(extensionOf('image/jpeg')).toBe('.jpeg')
    expect(extensionOf('video/quicktime')).toBe('.mov')
  })

  it('knows a key of its own making and nothing else', () => {
    expect(S3_KEY_PATTERN.test(`${uuid()}/${uuid()}/${uuid()}.png`)).toBe(true)
    for (const key of [
      `${uuid()}/${uuid()}/../${uuid()}.png`,
      `${uuid()}/${uuid()}.png`,
      `${uuid()}/${uuid()}/${uuid()}.png/x`,
      `/${uuid()}/${uuid()}/${uuid()}.png`,
      `${uuid()}/${uuid()}/${uuid()}`,
      `${uuid()}/${uuid()}/${uuid()}.PNG`,
    ]) {
      expect(S3_KEY_PATTERN.test(key), key).toBe(false)
    }
  })

  it('keeps a display name printable and at most 255 characters', () => {
    expect(MediaFileNameSchema.parse('  ../Front label.png ')).toBe('../Front label.png')
    expect(MediaFileNameSchema.safeParse('a\u0000b').success).toBe(false)
    expect(MediaFileNameSchema.safeParse('a\nb').success).toBe(false)
    expect(MediaFileNameSchema.safeParse('a'.repeat(256)).success).toBe(false)
    expect(MediaFileNameSchema.safeParse('   ').success).toBe(false)
  })

  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [200 * 1024 * 1024, '200 MB'],
  ])('formats %i bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })
})
