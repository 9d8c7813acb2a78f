/** Display width without a table library: what string-width (which `table` uses) gives, glyph by glyph. */
import {expect} from 'chai'
import stringWidth from 'string-width'

import {displayWidth, glyphs, truncate} from '../../../src/lib/output/width.ts'

describe('displayWidth', () => {
  it('counts CJK and emoji as two columns, marks as none, as string-width does', () => {
    const samples = ['abc', 'Zoë', '東京', '한국어', 'ｆｕｌｌ', '😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '🇫🇷🇩🇪', '❤️', '❤', '🗓', '🗓️', '✅', '©', 'e\u0301', 'Réunion 📧 会議', '\u2028', '\u00AD']
    for (const text of samples) expect(displayWidth(text), JSON.stringify(text)).to.equal(stringWidth(text))
  })

  it('agrees with string-width on every character of the Basic Multilingual Plane but the zero-width ones it counts', () => {
    // string-width's emoji-regex 8 counts four text-style emoji that take a skin tone as wide; without VS16 a terminal shows them narrow.
    const textStyle = new Set([0x26_1d, 0x26_f9, 0x27_0c, 0x27_0d])
    for (let code = 0x20; code < 0x10000; code++) {
      if ((code >= 0xd800 && code <= 0xdfff) || (code >= 0x7f && code <= 0x9f) || textStyle.has(code)) continue
      const char = String.fromCodePoint(code)
      const zeroWidth = (code >= 0x20_0b && code <= 0x20_0f) || (code >= 0x20_60 && code <= 0x20_64) || (code >= 0xfe_00 && code <= 0xfe_0f)
      if (zeroWidth || /[\p{Mn}\p{Me}]/u.test(char)) continue
      expect(displayWidth(`a${char}`), code.toString(16)).to.equal(stringWidth(`a${char}`))
    }
  })

  it('gives a zero-width space or joiner no column, as a terminal shows them', () => {
    expect(displayWidth('a\u200Bb')).to.equal(2)
    expect(displayWidth('a\u2060b')).to.equal(2)
    expect(displayWidth('\u261D')).to.equal(1)
    expect(displayWidth('\u261D\uFE0F')).to.equal(2)
  })

  it('walks glyphs: a family emoji, a flag and a skin tone are one glyph each', () => {
    expect([...glyphs('👨‍👩‍👧🇫🇷👍🏽x')].map(({text, width}) => [text, width])).to.deep.equal([
      ['👨‍👩‍👧', 2],
      ['🇫🇷', 2],
      ['👍🏽', 2],
      ['x', 1],
    ])
  })

  it('cuts wide text at a glyph boundary, within the width', () => {
    expect(truncate('東京タワー', 6)).to.equal('東京…')
    expect(displayWidth(truncate('東京タワー', 6))).to.be.at.most(6)
    expect(truncate('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 5)).to.equal('👨‍👩‍👧👨‍👩‍👧…')
    expect(truncate('short', 10)).to.equal('short')
  })
})
