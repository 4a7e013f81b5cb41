// What the browser benchmarks share: a production build of apps/web in a temporary folder, headless
// Debian Chromium, and a signed-in session planted where oidc-client-ts keeps it.
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import type { TestTokenIssuer } from '../../apps/server/src/testing/tokens.ts'
import { REPO_ROOT } from './server.ts'

/** Builds the SPA into a temporary folder (apps/web/dist, which the e2e suite serves, is left alone). */
export function buildWeb(): string {
  if (process.env.FRONTEND_DIST) return process.env.FRONTEND_DIST
  const outDir = mkdtempSync(path.join(tmpdir(), 'brewcommand-web-'))
  const run = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: path.join(REPO_ROOT, 'apps/web'),
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`vite build failed:\n${run.stdout}\n${run.stderr}`)
  return outDir
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  })
}

type Signed = { sub: string; email: string; accessToken: string; idToken: string }

/** A new context; signed in as `user` when given (the session oidc-client-ts would have stored). */
export async function newContext(
  browser: Browser,
  issuer: TestTokenIssuer,
  user?: Signed,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  if (user) {
    const session = {
      key: `oidc.user:${issuer.settings.issuer}:${issuer.settings.clientId}`,
      value: JSON.stringify({
        id_token: user.idToken,
        access_token: user.accessToken,
        token_type: 'Bearer',
        scope: 'openid profile email offline_access',
        profile: {
          sub: user.sub,
          email: user.email,
          email_verified: true,
          given_name: 'Tess',
          family_name: 'Taster',
        },
        expires_at: Math.floor(Date.now() / 1000) + 3600,
      }),
    }
    await context.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), session)
  }
  return context
}
