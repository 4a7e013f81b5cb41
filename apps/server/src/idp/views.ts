// Server-rendered pages of the built-in identity provider. No inline styles or scripts: the CSP
// allows only files from /idp/assets.

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

export type FieldErrors = Partial<Record<string, string>>

interface PageOptions {
  title: string
  /** Where the wordmark links to: the app's home page. */
  homeUrl: string
  body: string
  scripts?: string[]
}

export function renderPage({ title, homeUrl, body, scripts = [] }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} · BrewCommand</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/idp/assets/idp.css">
${scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('\n')}
</head>
<body>
<a class="wordmark" href="${escapeHtml(homeUrl)}"><span class="wordmark-mark" aria-hidden="true">B</span><span>Brew<span class="wordmark-accent">Command</span></span></a>
<main class="card">
${body}
</main>
<p class="footer">BrewCommand · Brewery management</p>
</body>
</html>`
}

interface FieldOptions {
  id: string
  label: string
  type: 'text' | 'email' | 'password'
  autocomplete: string
  value?: string
  error?: string | undefined
  autofocus?: boolean
}

function field({ id, label, type, autocomplete, value = '', error, autofocus }: FieldOptions): string {
  const describedBy = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  return `<div class="field">
<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required${
    type === 'password' ? '' : ` value="${escapeHtml(value)}"`
  }${describedBy}${autofocus ? ' autofocus' : ''}>
${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
</div>`
}

function alertBox(alert: string | undefined): string {
  return alert ? `<p class="alert" role="alert">${escapeHtml(alert)}</p>` : ''
}

export interface SignInView {
  homeUrl: string
  action: string
  signUpHref: string
  forgotPasswordHref: string
  email?: string
  errors?: FieldErrors
  alert?: string | undefined
}

export function signInPage(view: SignInView): string {
  const errors = view.errors ?? {}
  return renderPage({
    title: 'Sign in',
    homeUrl: view.homeUrl,
    body: `<h1>Sign in</h1>
<p class="lead">Welcome back. Sign in to your brewery.</p>
${alertBox(view.alert)}
<form method="post" action="${escapeHtml(view.action)}" novalidate>
${field({ id: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: view.email, error: errors.email, autofocus: !errors.password })}
${field({ id: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', error: errors.password, autofocus: !!errors.password })}
<p class="field-link"><a href="${escapeHtml(view.forgotPasswordHref)}">Forgot password?</a></p>
<button type="submit">Sign in</button>
</form>
<p class="switch">New to BrewCommand? <a href="${escapeHtml(view.signUpHref)}">Create account</a></p>`,
  })
}

export interface SignUpView {
  homeUrl: string
  action: string
  signInHref: string
  values?: { givenName?: string; familyName?: string; email?: string }
  errors?: FieldErrors
  alert?: string | undefined
}

export function signUpPage(view: SignUpView): string {
  const errors = view.errors ?? {}
  const values = view.values ?? {}
  return renderPage({
    title: 'Create account',
    homeUrl: view.homeUrl,
    body: `<h1>Create account</h1>
<p class="lead">Set up your BrewCommand sign-in.</p>
${alertBox(view.alert)}
<form method="post" action="${escapeHtml(view.action)}" novalidate>
<div class="field-row">
${field({ id: 'givenName', label: 'Given name', type: 'text', autocomplete: 'given-name', value: values.givenName, error: errors.givenName, autofocus: true })}
${field({ id: 'familyName', label: 'Family name', type: 'text', autocomplete: 'family-name', value: values.familyName, error: errors.familyName })}
</div>
${field({ id: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: values.email, error: errors.email })}
${field({ id: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password })}
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="${escapeHtml(view.signInHref)}">Sign in</a></p>`,
  })
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`
}

export interface ForgotPasswordView {
  homeUrl: string
  action: string
  email?: string
  errors?: FieldErrors
  alert?: string | undefined
}

/** "Forgot password?": asks for the address to mail a reset link to. */
export function forgotPasswordPage(view: ForgotPasswordView): string {
  const errors = view.errors ?? {}
  return renderPage({
    title: 'Forgot password',
    homeUrl: view.homeUrl,
    body: `<h1>Forgot your password?</h1>
<p class="lead">Enter the email address of your account. We will mail you a link to choose a new password.</p>
${alertBox(view.alert)}
<form method="post" action="${escapeHtml(view.action)}" novalidate>
${field({ id: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: view.email, error: errors.email, autofocus: true })}
<button type="submit">Send reset link</button>
</form>
<p class="switch">Remembered it? <a href="${escapeHtml(view.homeUrl)}">Back to BrewCommand</a></p>`,
  })
}

export interface ResetPasswordView {
  homeUrl: string
  action: string
  token: string
  errors?: FieldErrors
  alert?: string | undefined
}

/** The page a reset link opens: choose a new password. */
export function resetPasswordPage(view: ResetPasswordView): string {
  const errors = view.errors ?? {}
  return renderPage({
    title: 'Choose a new password',
    homeUrl: view.homeUrl,
    body: `<h1>Choose a new password</h1>
<p class="lead">Setting a new password signs you out on every device.</p>
${alertBox(view.alert)}
<form method="post" action="${escapeHtml(view.action)}" novalidate>
${hidden('token', view.token)}
${field({ id: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: errors.password, autofocus: true })}
<button type="submit">Set new password</button>
</form>`,
  })
}

export interface ChangePasswordView {
  homeUrl: string
  action: string
  /** The signed-in person's address, for password managers. */
  email: string
  csrf: string
  errors?: FieldErrors
  alert?: string | undefined
}

/** Change password, for a signed-in person: the current password and a new one. */
export function changePasswordPage(view: ChangePasswordView): string {
  const errors = view.errors ?? {}
  return renderPage({
    title: 'Change password',
    homeUrl: view.homeUrl,
    body: `<h1>Change password</h1>
<p class="lead">Signed in as ${escapeHtml(view.email)}. Changing your password signs you out on your other devices.</p>
${alertBox(view.alert)}
<form method="post" action="${escapeHtml(view.action)}" novalidate>
${hidden('csrf', view.csrf)}
<input type="email" name="username" autocomplete="username" value="${escapeHtml(view.email)}" hidden>
${field({ id: 'currentPassword', label: 'Current password', type: 'password', autocomplete: 'current-password', error: errors.currentPassword, autofocus: !errors.newPassword })}
${field({ id: 'newPassword', label: 'New password', type: 'password', autocomplete: 'new-password', error: errors.newPassword, autofocus: !!errors.newPassword })}
<button type="submit">Change password</button>
</form>
<p class="switch"><a href="${escapeHtml(view.homeUrl)}">Back to BrewCommand</a></p>`,
  })
}

export interface MessageView {
  homeUrl: string
  title: string
  heading: string
  message: string
  tone?: 'info' | 'error'
  linkText?: string
}

/** A page with one message and a way back to the app. */
export function messagePage(view: MessageView): string {
  const text =
    view.tone === 'error'
      ? `<p class="alert" role="alert">${escapeHtml(view.message)}</p>`
      : `<p class="notice" role="status">${escapeHtml(view.message)}</p>`
  return renderPage({
    title: view.title,
    homeUrl: view.homeUrl,
    body: `<h1>${escapeHtml(view.heading)}</h1>
${text}
<a class="button" href="${escapeHtml(view.homeUrl)}">${escapeHtml(view.linkText ?? 'Go to BrewCommand')}</a>`,
  })
}

/**
 * The sign-out page: the provider's form (with its xsrf field) plus `logout=yes`. GET /idp/oauth/logout
 * reads it and submits it on the server (idp.routes.ts); should that fail, the browser gets this page,
 * which /idp/assets/logout.js submits as soon as it loads, with the button as the fallback.
 */
export function logoutPage(homeUrl: string, providerForm: string): string {
  const form = providerForm.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>')
  return renderPage({
    title: 'Signing out',
    homeUrl,
    scripts: ['/idp/assets/logout.js'],
    body: `<h1>Signing out</h1>
<p class="lead">You are being signed out of BrewCommand.</p>
${form}
<button type="submit" form="op.logoutForm">Sign out</button>`,
  })
}
