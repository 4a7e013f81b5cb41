import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client.ts'
import { CsvImportDialog, type CsvImportPreview } from './csv-import-dialog.tsx'

type Row = { line: number; assetNumber: string }

function renderDialog(preview: (csv: string) => Promise<CsvImportPreview<Row>>) {
  const onImport = vi.fn()
  const onOpenChange = vi.fn()
  render(
    <CsvImportDialog
      open
      onOpenChange={onOpenChange}
      title="Import kegs"
      description="A CSV file with asset number and size columns."
      idPrefix="test-csv"
      example="asset number,size"
      noun={{ one: 'keg', many: 'kegs' }}
      preview={preview}
      describeRow={(row) => ({ key: row.line, text: `Line ${row.line}: ${row.assetNumber}` })}
      onImport={onImport}
    />,
  )
  return { onImport, onOpenChange }
}

describe('CsvImportDialog', () => {
  it('names each bad line and column in the preview and imports nothing', async () => {
    const preview = vi.fn(async () => ({
      rows: [{ line: 2, assetNumber: 'K-0001' }],
      errors: [
        { line: 3, field: 'size', message: '"3/4 BBL" is not a keg size' },
        { line: 3, field: 'owner', message: '"ours?" is not an owner' },
        { line: 4, field: 'asset number', message: 'K-0001 appears twice' },
      ],
    }))
    const { onImport } = renderDialog(preview)
    const dialog = screen.getByRole('dialog', { name: 'Import kegs' })
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeDisabled()
    await userEvent.type(within(dialog).getByLabelText('Or paste the file'), 'asset number,size')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    const region = await within(dialog).findByRole('region', { name: 'Import preview' })
    expect(preview).toHaveBeenCalledWith('asset number,size')
    // Two bad lines (3 and 4), three errors.
    expect(region).toHaveTextContent('1 keg ready; 2 bad lines: fix the file and preview again.')
    expect(within(region).getByText('Line 3, size: "3/4 BBL" is not a keg size')).toBeVisible()
    expect(within(region).getByText('Line 4, asset number: K-0001 appears twice')).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled()
    expect(onImport).not.toHaveBeenCalled()
  })

  it('imports the whole file once every line is good, and forgets it on close', async () => {
    const { onImport, onOpenChange } = renderDialog(async () => ({
      rows: [
        { line: 2, assetNumber: 'K-0001' },
        { line: 3, assetNumber: 'K-0002' },
      ],
      errors: [],
    }))
    const dialog = screen.getByRole('dialog', { name: 'Import kegs' })
    await userEvent.type(within(dialog).getByLabelText('Or paste the file'), 'a')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    const region = await within(dialog).findByRole('region', { name: 'Import preview' })
    expect(region).toHaveTextContent('2 kegs ready.')
    expect(region).toHaveTextContent('Line 3: K-0002')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 kegs' }))
    expect(onImport).toHaveBeenCalledWith('a')
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('shows the server’s sentence when the preview is refused, and a new text clears the old preview', async () => {
    let refuse = true
    renderDialog(async () => {
      if (refuse) throw new ApiError(413, { code: 'PAYLOAD_TOO_LARGE', message: 'The file is over 2 MB.' })
      return { rows: [{ line: 2, assetNumber: 'K-0009' }], errors: [] }
    })
    const dialog = screen.getByRole('dialog', { name: 'Import kegs' })
    const text = within(dialog).getByLabelText('Or paste the file')
    await userEvent.type(text, 'x')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is over 2 MB.')
    refuse = false
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    expect(await within(dialog).findByRole('region', { name: 'Import preview' })).toHaveTextContent(
      '1 keg ready.',
    )
    await userEvent.type(text, 'y')
    expect(within(dialog).queryByRole('region', { name: 'Import preview' })).toBeNull()
  })
})
