/** Login limits of docs/product/01-access.md §9. */
export const AUTH_LIMITS = {
  /** HTTP timeout of every call to the provider. */
  httpTimeoutSeconds: 10,
  /** How long the login popup may stay open. */
  popupTimeoutSeconds: 60,
  /** Retries of a token request that failed on the network. */
  tokenRetries: 3,
  /** A cached access token this close to expiry is renewed first. */
  expiryMarginSeconds: 60,
  /** Clock leeway when checking the ID token's expiry and not-before. */
  idTokenLeewaySeconds: 60,
} as const
