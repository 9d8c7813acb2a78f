/** The progress line: drawn in place on a terminal, throttled, cut to its width, erased; nothing without a stream. */
import {expect} from 'chai'

import {byteSize} from '../../../src/lib/output/byte-size.ts'
import {Progress, transferText} from '../../../src/lib/output/progress.ts'

function stream(columns?: number) {
  const written: string[] = []
  return {columns, isTTY: true, text: () => written.join(''), write: (chunk: string | Uint8Array) => written.push(String(chunk)) > 0}
}

describe('Progress', () => {
  it('draws on one line, at most every 100 ms, and erases it when cleared', () => {
    const out = stream(80)
    let now = 0
    const progress = new Progress(out, () => now)
    progress.update('page 1 of 3')
    now = 50
    progress.update('page 2 of 3')
    now = 150
    progress.update('page 3 of 3')
    progress.clear()
    progress.clear()
    expect(out.text()).to.equal('\r\u001B[Kpage 1 of 3\r\u001B[Kpage 3 of 3\r\u001B[K')
  })

  it('cuts a line to the terminal’s width (80 when it does not say)', () => {
    const narrow = stream(20)
    new Progress(narrow).update('x'.repeat(40))
    expect(narrow.text()).to.equal(`\r\u001B[K${'x'.repeat(18)}…`)
    const unsized = stream(0)
    new Progress(unsized).update('y'.repeat(100))
    expect(unsized.text()).to.equal(`\r\u001B[K${'y'.repeat(78)}…`)
  })

  it('without a stream (not a terminal, or --quiet) writes nothing', () => {
    const progress = new Progress(undefined)
    progress.update('anything')
    progress.clear()
  })

  it('says bytes and rate', () => {
    expect(byteSize(512)).to.equal('512 B')
    expect(byteSize(1536)).to.equal('1.5 KiB')
    expect(transferText(3 * 1024 * 1024, 10 * 1024 * 1024, 2000)).to.equal('3.0 MiB of 10.0 MiB, 1.5 MiB/s')
    expect(transferText(100, undefined, 0)).to.equal('100 B')
  })
})
