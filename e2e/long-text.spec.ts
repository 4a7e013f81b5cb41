import { deflateSync } from 'node:zlib'
import { makeEnvelope, productObjectUri } from '@brewcommand/domain'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility.ts'
import { closed, fillCreateAccount, type NewAccount } from './support/auth.ts'
import { fillBusinessForm, payWithCard } from './support/onboarding.ts'
import { firstLink, latestMailTo } from './support/outbox.ts'

/** One word of `length` characters with no place a browser would break it (a URL, a SKU list). */
const unbroken = (prefix: string, length: number) =>
  `${prefix}${'0123456789ABCDEF'.repeat(Math.ceil(length / 16))}`.slice(0, length)

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

// Right-to-left user text (Arabic, Hebrew) and one long unbroken word in every field a person fills in.
const RTL_PRODUCT = 'بيرة القمح الذهبية من الجبل'
const LONG_PRODUCT = unbroken('SKU-LIST-', 200)
const DESCRIPTION = unbroken('https://example.com/products/', 300)
const BREWERY = unbroken('BreweryOfTheVeryLongName', 160)
const RECIPE = unbroken('RecipeWithAnUnbrokenName', 120)
const RTL_RECIPE = 'מתכון בירה חיטה ישראלית'
const SKU = unbroken('SKU', 64)
const ATTRIBUTE_VALUE = unbroken('Value', 300)
const NOTE = unbroken('note', 300)
const RTL_NOTE = 'طعم الخوخ والمانجو مع لمسة من الصنوبر'
const FILE_NAME = `${unbroken('label-artwork-', 180)}.png`
const FILE_DESCRIPTION = unbroken('FileDescription', 300)

function beerXml(name: string, notes: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<RECIPES><RECIPE>
  <NAME>${name}</NAME><VERSION>1</VERSION><TYPE>All Grain</TYPE><BATCH_SIZE>18.9</BATCH_SIZE><BOIL_TIME>60</BOIL_TIME>
  <FERMENTABLES><FERMENTABLE><NAME>Pale Malt (2 Row) US</NAME><VERSION>1</VERSION><TYPE>Grain</TYPE>
    <AMOUNT>4.5</AMOUNT><YIELD>79.0</YIELD><COLOR>2.0</COLOR></FERMENTABLE>
    <FERMENTABLE><NAME>${unbroken('CustomMalt', 150)}</NAME><VERSION>1</VERSION><TYPE>Grain</TYPE>
    <AMOUNT>0.5</AMOUNT><YIELD>70.0</YIELD><COLOR>20.0</COLOR></FERMENTABLE></FERMENTABLES>
  <HOPS><HOP><NAME>Cascade</NAME><VERSION>1</VERSION><ALPHA>5.5</ALPHA><AMOUNT>0.028</AMOUNT><USE>Boil</USE>
    <TIME>60</TIME></HOP></HOPS>
  <YEASTS><YEAST><NAME>Safale American</NAME><VERSION>1</VERSION><TYPE>Ale</TYPE>
    <LABORATORY>DCL/Fermentis</LABORATORY><PRODUCT_ID>US-05</PRODUCT_ID><ATTENUATION>77</ATTENUATION></YEAST></YEASTS>
  <MASH><NAME>Single</NAME><VERSION>1</VERSION><GRAIN_TEMP>20</GRAIN_TEMP><MASH_STEPS><MASH_STEP>
    <NAME>${unbroken('MashStep', 100)}</NAME><VERSION>1</VERSION><TYPE>Infusion</TYPE><STEP_TEMP>67</STEP_TEMP>
    <STEP_TIME>60</STEP_TIME></MASH_STEP></MASH_STEPS></MASH>
  <NOTES>${notes}</NOTES>
</RECIPE></RECIPES>`
}

/** A tiny real PNG, so the media card has a thumbnail to draw. */
function png(): Buffer {
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff
    for (const byte of data) {
      c ^= byte
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    }
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(8, 0)
  header.writeUInt32BE(8, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.concat(
    Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 24 }, () => 200)])),
  )
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A write through the API with the signed-in user's own token, as the page's queue would send it. */
async function apiPost(
  page: Page,
  uri: string,
  type: string,
  data: Record<string, unknown>,
  objectUri: string,
) {
  const envelope = makeEnvelope(type, data, { objectUri })
  const status = await page.evaluate(
    async ({ uri, envelope }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))
      const { access_token: token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
      const response = await fetch(uri, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': envelope.metadata.correlationIdentifier,
        },
        body: JSON.stringify(envelope),
      })
      return response.status
    },
    { uri, envelope },
  )
  expect(status, `POST ${uri}`).toBe(201)
}

/**
 * Nothing is wider than the window, and no box is overflowed by its content unless it scrolls: a long
 * word that pokes out of its card covers whatever is beside it. Names the first offenders.
 */
async function expectNothingOverflows(page: Page, label: string) {
  const { wider, offenders } = await page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.outerHTML.slice(0, 160)}… "${(element.textContent ?? '').trim().slice(0, 40)}"`
    const overflows = (element: HTMLElement) => {
      const style = getComputedStyle(element)
      if (style.display === 'inline' || style.display === 'contents' || style.display === 'none') return false
      if (style.overflowX !== 'visible' || element.clientWidth === 0) return false
      return element.scrollWidth > element.clientWidth + 1
    }
    // What reaches past a box's right edge, leaving out a deliberate bleed (a negative margin, as the
    // recipe editor's sticky save bar has) and whatever sits inside it.
    const past = (element: HTMLElement) => {
      const right = element.getBoundingClientRect().right + 1
      const text = [...element.childNodes].some((node) => {
        if (node.nodeType !== Node.TEXT_NODE) return false
        const range = document.createRange()
        range.selectNodeContents(node)
        return range.getBoundingClientRect().right > right
      })
      if (text) return [element]
      return [...element.querySelectorAll<HTMLElement>('*')].filter((inner) => {
        if (inner.getBoundingClientRect().right <= right) return false
        for (let up: HTMLElement | null = inner; up && up !== element; up = up.parentElement) {
          if (parseFloat(getComputedStyle(up).marginRight) < 0) return false
        }
        return true
      })
    }
    // The innermost boxes whose content pokes out of them (their own children fit), each with the
    // deepest element that reaches past its edge.
    const candidates = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => !element.closest('[data-sonner-toast]')) // the toast library's own icons
      .filter((element) => overflows(element) && past(element).length > 0)
    const offenders = candidates
      .filter((element) => !candidates.some((other) => other !== element && element.contains(other)))
      .map((element) => `${describe(element)} — widest inside: ${describe(past(element).at(-1)!)}`)
    return { wider: document.documentElement.scrollWidth - window.innerWidth, offenders }
  })
  expect.soft(wider, `${label} is ${wider} px wider than the window`).toBeLessThanOrEqual(0)
  expect.soft(offenders.slice(0, 5), `${label}: content overflows its box`).toEqual([])
}

/**
 * Opens a page of the signed-in app through its router, as its own links do, without loading the app again: what is
 * checked is the page's layout, and 22 reloads were a third of this journey's time (ADR 423).
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, path)
  await expect(page).toHaveURL(path)
}

test('long unbroken and right-to-left user text stays inside its box on every page, at 1280 and 375 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const id = tag()
  const account: NewAccount = {
    givenName: 'נועה',
    familyName: unbroken('Abravanel', 90),
    email: `${unbroken('brewer', 60)}-${id}@example.com`,
    password: `Brew-${id}-Hops!`,
  }

  // Onboarding with a right-to-left given name, a long family name and e-mail, and a long brewery name.
  await page.goto('/plans')
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Select Monthly' }).click(),
  ])
  await fillCreateAccount(popup, account)
  await closed(popup)
  await expect(page.getByRole('heading', { name: 'Tell Us About Your Business' })).toBeVisible()
  await fillBusinessForm(page, {
    'Business Name': BREWERY,
    Address: '1 Mash Lane',
    City: 'Portland',
    Zip: '97201',
    Phone: '(503) 555-0101',
    EIN: '12-3456789',
  })
  await page.getByRole('button', { name: 'Continue to Billing Information' }).click()
  await payWithCard(page, '4242 4242 4242 4242')
  await page.getByRole('link', { name: 'Continue to Your Dashboard' }).click()
  await expect(page.getByRole('heading', { name: `Welcome, ${account.givenName}` })).toBeVisible()

  // Products with a right-to-left name, a 300-character unbroken description, and every kind of item.
  const productId = crypto.randomUUID()
  await apiPost(
    page,
    '/api/products',
    'product',
    { id: productId, name: RTL_PRODUCT, description: DESCRIPTION, recipes: [] },
    productObjectUri(productId),
  )
  const longId = crypto.randomUUID()
  await apiPost(
    page,
    '/api/products',
    'product',
    { id: longId, name: LONG_PRODUCT, description: `${RTL_NOTE} ${DESCRIPTION}`, recipes: [] },
    productObjectUri(longId),
  )
  const item = (collection: string, type: string, data: Record<string, unknown>) => {
    const itemId = crypto.randomUUID()
    return apiPost(
      page,
      `/api/products/${productId}/${collection}`,
      type,
      { id: itemId, ...data },
      productObjectUri(productId, collection, itemId),
    )
  }
  const entity = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))
    const { access_token: token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
    const response = await fetch('/api/users/bootstrap', { headers: { authorization: `Bearer ${token}` } })
    const body = (await response.json()) as {
      data: { entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[] }
    }
    return body.data.entities[0]
  })
  const [packaging] = entity.packagingTypes
  await item('packages', 'product:package', {
    type: packaging.packageType,
    typeId: packaging.packageTypeId,
    sku: SKU,
    upc: '036000291452',
  })
  await item('attributes', 'product:attribute', { attribute: 'Glassware', value: ATTRIBUTE_VALUE })
  await item('attributes', 'product:attribute', { attribute: 'Serving Temperature', value: RTL_NOTE })
  await item('tastingNotes', 'product:tastingNote', { category: 'Aroma', notes: NOTE })
  await item('tastingNotes', 'product:tastingNote', { category: 'Flavor', notes: RTL_NOTE })

  // The products list: every card stays in its column and Add Product can still be clicked.
  await page.goto('/secure/products')
  await expect(page.getByRole('link', { name: RTL_PRODUCT })).toBeVisible()
  await expectNothingOverflows(page, 'products list')
  await expectAccessible(page, 'products list with long and right-to-left text')
  await page.getByRole('button', { name: 'Add Product' }).click({ timeout: 5000 })
  await expect(page.getByRole('dialog', { name: 'New Product' })).toBeVisible()
  await page.keyboard.press('Escape')

  // Import: the preview of a recipe with a long name, custom malt and mash step, and right-to-left notes.
  await page.getByRole('button', { name: 'Import Recipe' }).click()
  const importDialog = page.getByRole('dialog', { name: 'Import Recipe' })
  await importDialog.getByLabel('Recipe file').setInputFiles({
    name: `${unbroken('recipes-export-', 120)}.xml`,
    mimeType: 'text/xml',
    buffer: Buffer.from(beerXml(RECIPE, `${RTL_NOTE} ${NOTE}`)),
  })
  await expect(importDialog.getByRole('region', { name: 'Import preview' })).toContainText(RECIPE)
  await expectNothingOverflows(page, 'import preview')
  await expectAccessible(page, 'import dialog with a preview')
  await importDialog.getByRole('button', { name: 'Create 1 product' }).click()
  await expect(importDialog).toBeHidden()
  await expect(page.getByRole('link', { name: RECIPE })).toBeVisible()

  // The right-to-left product gets a right-to-left recipe the same way, from its own page.
  await page.getByRole('link', { name: RTL_PRODUCT }).click()
  await expect(page.getByRole('heading', { level: 1, name: RTL_PRODUCT })).toBeVisible()
  await page.getByRole('button', { name: 'Import Recipe' }).click()
  await importDialog.getByLabel('Recipe file').setInputFiles({
    name: 'rtl.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from(beerXml(RTL_RECIPE, RTL_NOTE)),
  })
  await expect(importDialog.getByRole('region', { name: 'Import preview' })).toContainText(RTL_RECIPE)
  await importDialog.getByRole('button', { name: /^Add 1 recipe/ }).click()
  await expect(importDialog).toBeHidden()

  // A media file with a long name and description.
  await page.getByRole('button', { name: 'Add Media' }).click()
  const upload = page.getByRole('dialog', { name: 'Add Media' })
  await upload
    .getByLabel('Choose files to upload')
    .setInputFiles({ name: FILE_NAME, mimeType: 'image/png', buffer: png() })
  await expect(upload.getByText(FILE_NAME)).toBeVisible()
  await expectNothingOverflows(page, 'upload dialog')
  await expect(upload.getByText('Uploaded')).toBeVisible({ timeout: 15_000 })
  await expectAccessible(page, 'upload dialog')
  await upload.getByRole('button', { name: 'Close' }).first().click()
  const media = page.getByRole('region', { name: 'Media Assets' })
  await media.getByRole('button', { name: `Edit ${FILE_NAME}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Media' })
  await edit.getByLabel('Description').fill(FILE_DESCRIPTION)
  await expectNothingOverflows(page, 'edit media dialog')
  await edit.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(media.getByText(FILE_DESCRIPTION)).toBeVisible()

  const productPage = `/secure/products/${productId}`
  await page.goto(productPage)
  await expect(page.getByText(ATTRIBUTE_VALUE)).toBeVisible()
  const recipeLink = page.locator('a[href*="/recipes/"]').first()
  const recipeHref = (await recipeLink.getAttribute('href'))!
  const longProductPage = `/secure/products/${longId}`

  // The invitation of a long address, and what its link shows to a visitor who is not signed in.
  await page.goto('/secure/settings/users')
  const invited = `${unbroken('invited', 60)}-${id}@example.com`
  await page.getByLabel('Email', { exact: true }).fill(invited)
  await page.getByRole('button', { name: 'Invite User' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent to' })).toBeVisible()
  const invitationLink = firstLink(await latestMailTo(invited))

  const pages: [string, string, (page: Page) => Promise<void>][] = [
    ['dashboard', '/secure', (p) => expect(p.getByRole('heading', { name: /Welcome/ })).toBeVisible()],
    [
      'products list',
      '/secure/products',
      (p) => expect(p.getByRole('link', { name: RTL_PRODUCT })).toBeVisible(),
    ],
    ['product page (right-to-left name)', productPage, (p) => expect(p.getByText(NOTE)).toBeVisible()],
    [
      'product page (long name)',
      longProductPage,
      (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
    ],
    [
      'recipe editor',
      recipeHref.replace(/\?.*$/, ''),
      (p) => expect(p.getByRole('heading', { name: 'Recipe Information' })).toBeVisible(),
    ],
    [
      'recipe viewer',
      `${recipeHref.replace(/\?.*$/, '')}?viewMode=true`,
      (p) => expect(p.getByRole('heading', { name: 'Recipe Information' })).toBeVisible(),
    ],
    [
      'settings users',
      '/secure/settings/users',
      (p) => expect(p.getByRole('cell', { name: invited })).toBeVisible(),
    ],
    [
      'settings billing',
      '/secure/settings/billing',
      (p) => expect(p.getByText('Essential Monthly')).toBeVisible(),
    ],
    [
      'settings roles',
      '/secure/settings/roles',
      (p) => expect(p.getByRole('heading', { name: 'Roles' })).toBeVisible(),
    ],
    [
      'settings equipment',
      '/secure/settings/equipment',
      (p) => expect(p.getByRole('heading', { name: 'Equipment' })).toBeVisible(),
    ],
    ['profile', '/secure/profile', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
  ]
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    for (const [name, path, ready] of pages) {
      await openInApp(page, path)
      await ready(page)
      await expectNothingOverflows(page, `${name} at ${width} px`)
      await expectAccessible(page, `${name} with long and right-to-left text at ${width} px`)
    }
    // The products list at this width: Add Product is not covered by a card.
    await page.goto('/secure/products')
    await page.getByRole('button', { name: 'Add Product' }).click({ timeout: 5000 })
    await expect(page.getByRole('dialog', { name: 'New Product' })).toBeVisible()
    await page.keyboard.press('Escape')
    // The avatar menu with the long name and address.
    await page.getByRole('button', { name: /account menu/ }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await expectNothingOverflows(page, `account menu at ${width} px`)
    await page.keyboard.press('Escape')
    // The delete confirmation names the product.
    await page.getByRole('button', { name: `Actions for ${LONG_PRODUCT}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await expectNothingOverflows(page, `delete confirmation at ${width} px`)
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()

    const visitor = await browser.newContext({ viewport: { width, height: 900 } })
    const invitation = await visitor.newPage()
    await invitation.goto(invitationLink)
    await expect(invitation.getByText('You are invited to join')).toBeVisible()
    await expectNothingOverflows(invitation, `invitation page at ${width} px`)
    await expectAccessible(invitation, `invitation page with a long brewery name at ${width} px`)
    await visitor.close()
  }
})
