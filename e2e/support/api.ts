import { expect, type Page } from '@playwright/test'

/** What the API answered a journey's own call. */
export type ApiAnswer = { status: number; body: Record<string, unknown> }

/**
 * A call to the API with the signed-in person's own token (read from the OIDC client's storage), as the screens
 * would make it: set-up that other journeys already cover through the UI.
 */
export async function api(
  page: Page,
  method: 'POST' | 'GET' | 'PUT',
  url: string,
  body?: unknown,
): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))
      const { access_token: token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    },
    { method, url, body },
  )
}

/** `api`, expecting success: answers the body's `data`. */
export async function apiData(
  page: Page,
  method: 'POST' | 'GET' | 'PUT',
  url: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const answer = await api(page, method, url, body)
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
  return answer.body.data as Record<string, unknown>
}
