const KEY = 'automatedTest'

/** Visiting any page with `?automatedTest=true` sets the spec's automated-test flag for this tab. */
export function rememberAutomatedTestFlag(search: string = window.location.search): void {
  const value = new URLSearchParams(search).get(KEY)
  try {
    if (value === 'true') sessionStorage.setItem(KEY, 'true')
    else if (value === 'false') sessionStorage.removeItem(KEY)
  } catch {
    // Storage can be unavailable (privacy modes); the flag then simply stays off.
  }
}

/** True in the spec's automated-test mode (session storage flag, docs/product/01-access.md §3 and §6). */
export function isAutomatedTest(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage,
): boolean {
  try {
    return storage?.getItem(KEY) === 'true'
  } catch {
    return false
  }
}
