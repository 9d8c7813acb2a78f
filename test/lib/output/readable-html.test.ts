import {expect} from 'chai'

import {MAX_HTML_DEPTH, readableText, tooDeepAt} from '../../../src/lib/output/readable-html.ts'

describe('readable-html: HTML as text within a depth', () => {
  it('finds where the first element deeper than the bound begins', async () => {
    const html = `<p>x</p>${'<div>'.repeat(MAX_HTML_DEPTH + 10)}y`
    expect(await tooDeepAt(html)).to.equal('<p>x</p>'.length + '<div>'.length * MAX_HTML_DEPTH)
  })

  it('counts levels as the parser does: void elements, implied closes and siblings are not nesting', async () => {
    const sloppy = `${'<p>para'.repeat(5000)}${'<br><img src=x>'.repeat(5000)}<ul>${'<li>item'.repeat(5000)}</ul>${'<span>s</span>'.repeat(5000)}`
    expect(await tooDeepAt(sloppy)).to.equal(undefined)
    expect(await tooDeepAt('<div>'.repeat(MAX_HTML_DEPTH))).to.equal(undefined)
  })

  it('converts what comes before the cut, and says it was cut', async () => {
    const deep = await readableText(`<p>Before.</p>${'<div>'.repeat(5000)}after${'</div>'.repeat(5000)}`)
    expect(deep.cut).to.equal(true)
    expect(deep.text.trim()).to.equal('Before.')
    const shallow = await readableText('<p>One</p><p>Two <b>bold</b></p>')
    expect(shallow).to.deep.equal({cut: false, text: 'One\n\nTwo bold'})
  })
})
