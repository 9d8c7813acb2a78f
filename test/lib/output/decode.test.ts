/** Enumerations and bit sets shown by name. */
import {expect} from 'chai'

import {timeText} from '../../../src/lib/output/dates.ts'
import {bitSetText, enumText} from '../../../src/lib/output/decode.ts'
import {CALENDAR_FLAGS, CALENDAR_PERMISSIONS, LABEL_TYPE} from '../../../src/lib/contract/contract.ts'

describe('enumerations and bit sets by name', () => {
  it('names a value, and keeps an unnamed one as its number', () => {
    expect(enumText(LABEL_TYPE, 3)).to.equal('MESSAGE_FOLDER')
    expect(enumText(LABEL_TYPE, 8)).to.equal('8')
    expect(enumText(LABEL_TYPE, 'x')).to.equal('x')
    expect(enumText(LABEL_TYPE, undefined)).to.equal('')
  })

  it('shows every set bit, 0 by its name when it has one, unnamed bits as numbers', () => {
    expect(bitSetText(CALENDAR_FLAGS, 0)).to.equal('INACTIVE')
    expect(bitSetText(CALENDAR_FLAGS, 1 + 4 + 64)).to.equal('ACTIVE,RESET_NEEDED,SUPER_OWNER_DISABLED')
    expect(bitSetText(CALENDAR_PERMISSIONS, 0)).to.equal('')
    expect(bitSetText(CALENDAR_PERMISSIONS, 32 + 256)).to.equal('READ,256')
    expect(bitSetText(CALENDAR_PERMISSIONS, 2n)).to.equal('OWNER')
  })

  it('shows a value it cannot decode as the service’s text, its control characters escaped', () => {
    expect(enumText(LABEL_TYPE, 'x\u001B[2J\u009B')).to.equal(String.raw`x\x1b[2J\u009b`)
    expect(bitSetText(CALENDAR_FLAGS, 'y\u0007')).to.equal(String.raw`y\x07`)
    expect(timeText('z\u001B]0;t\u0007')).to.equal(String.raw`z\x1b]0;t\x07`)
  })
})
