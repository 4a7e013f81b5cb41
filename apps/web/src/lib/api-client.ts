import { ApiErrorSchema } from '@brewcommand/domain'
import type { z } from 'zod'
import { ApiError } from './api-error.ts'

export { ApiError }

export type RequestOptions = {
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Bearer access token; every API call but config, health and contacts needs one. */
  token?: string
  /** The browser cache's mode for this request (`fetch`'s `cache`). */
  cache?: RequestCache
  /** Called with a successful response as soon as its headers are in, before its body is read. */
  onResponse?: (response: Response) => void
}

/** One API call: unwraps `{ data }` (a 204 parses `undefined`), and turns every failure into ApiError. */
export async function request<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: S,
  body: unknown,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, { code: 'INTERNAL', message: 'Could not reach the server. Check your connection.' })
  }
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(await response.json().catch(() => null))
    throw new ApiError(
      response.status,
      parsed.success
        ? parsed.data.error
        : { code: 'INTERNAL', message: `HTTP error! status: ${response.status}` },
    )
  }
  options.onResponse?.(response)
  if (response.status === 204) return schema.parse(undefined)
  const json = (await response.json()) as { data?: unknown }
  return schema.parse(json.data)
}

/** Every request goes through here: it unwraps `{ data }`, parses it, and turns failures into ApiError. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
    request('GET', path, schema, undefined, options),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    request('POST', path, schema, body, options),
}
