import {expect} from 'chai'

import {cutOf, MAX_HTML_CHARS, MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, readableText} from '../../../src/lib/output/readable-html.ts'

describe('readable-html: HTML as text within a depth', () => {
  it('finds where the first element deeper than the bound begins', async () => {
    const html = `<p>x</p>${'<div>'.repeat(MAX_HTML_DEPTH + 10)}y`
    expect(await cutOf(html)).to.deep.equal({at: '<p>x</p>'.length + '<div>'.length * MAX_HTML_DEPTH, why: `nests more than ${MAX_HTML_DEPTH} levels deep`})
  })

  it('counts levels as the parser does: void elements, implied closes and siblings are not nesting', async () => {
    const sloppy = `${'<p>para'.repeat(5000)}${'<br><img src=x>'.repeat(5000)}<ul>${'<li>item'.repeat(5000)}</ul>${'<span>s</span>'.repeat(5000)}`
    expect(await cutOf(sloppy)).to.equal(undefined)
    expect(await cutOf('<div>'.repeat(MAX_HTML_DEPTH))).to.equal(undefined)
  })

  it('cuts past so many elements, or so many characters', async () => {
    expect(await cutOf('<p>a</p>'.repeat(MAX_HTML_ELEMENTS + 5))).to.deep.equal({at: '<p>a</p>'.length * MAX_HTML_ELEMENTS, why: `has more than ${MAX_HTML_ELEMENTS} elements`})
    expect(await cutOf(`<p>${'a'.repeat(MAX_HTML_CHARS)}</p>`)).to.deep.equal({at: MAX_HTML_CHARS, why: `is longer than ${MAX_HTML_CHARS} characters`})
  })

  it('converts what comes before the cut, and says why it was cut', async () => {
    const deep = await readableText(`<p>Before.</p>${'<div>'.repeat(5000)}after${'</div>'.repeat(5000)}`)
    expect(deep.cut).to.equal(`nests more than ${MAX_HTML_DEPTH} levels deep`)
    expect(deep.text.trim()).to.equal('Before.')
    const shallow = await readableText('<p>One</p><p>Two <b>bold</b></p>')
    expect(shallow).to.deep.equal({text: 'One\n\nTwo bold'})
  })
})
