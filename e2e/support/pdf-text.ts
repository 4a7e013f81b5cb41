import { inflateSync } from 'node:zlib'

// The text a PDF draws, read without a PDF library: our PDFs (pdf-lib, standard fonts in WinAnsi) write each run
// of text as a hex or literal string shown by Tj / TJ inside Flate-compressed content streams. Enough to check
// what an invoice says; not a general PDF reader.

/** The text of every string shown in the PDF's content streams, one run per line. */
export function pdfText(bytes: Buffer): string {
  const runs: string[] = []
  const source = bytes.toString('latin1')
  const streams = /stream\r?\n/g
  let match: RegExpExecArray | null
  while ((match = streams.exec(source))) {
    const start = match.index + match[0].length
    const end = source.indexOf('endstream', start)
    if (end < 0) break
    const raw = bytes.subarray(start, end)
    let content: string
    try {
      content = inflateSync(raw).toString('latin1')
    } catch {
      content = raw.toString('latin1')
    }
    for (const shown of content.matchAll(/(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g))
      runs.push(decode(shown[1]))
    for (const array of content.matchAll(/\[((?:[^\]])*)\]\s*TJ/g))
      runs.push(
        [...array[1].matchAll(/<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)/g)]
          .map((part) => decode(part[0]))
          .join(''),
      )
    streams.lastIndex = end
  }
  return runs.join('\n')
}

function decode(token: string): string {
  if (token.startsWith('<')) {
    const hex = token.slice(1, -1).replace(/\s/g, '')
    return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1')
  }
  return token
    .slice(1, -1)
    .replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) =>
      /^[0-7]/.test(escape)
        ? String.fromCharCode(parseInt(escape, 8))
        : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escape] ?? escape),
    )
}
