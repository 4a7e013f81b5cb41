const KEY = 'automatedTest'

/** Visiting any page with `?automatedTest=true` sets the spec's automated-test flag for this tab. */
export function rememberAutomatedTestFlag(search: string = window.location.search): void {
  const value = new URLSearchParams(search).get(KEY)
  if (value === 'true') sessionStorage.setItem(KEY, 'true')
  else if (value === 'false') sessionStorage.removeItem(KEY)
}

export function isAutomatedTest(): boolean {
  return sessionStorage.getItem(KEY) === 'true'
}
