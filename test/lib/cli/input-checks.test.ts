/** Checks of what the user typed, before anything is sent. */
import {expect} from 'chai'

import {MAILBOX_WORDS} from '../../../src/lib/contract/mailbox-words.ts'
import {checkColor, parseFolderChoice, parseLabelChoice, parseMailboxLabel, parseTimeFlag} from '../../../src/lib/cli/input-checks.ts'

describe('input checks', () => {
  it('colours are # and six hex digits, either case', () => {
    expect(checkColor('#aBc123')).to.equal('#aBc123')
    for (const bad of ['abc123', '#abc', '#abc1234', '#ggg000', ' #abc123']) expect(() => checkColor(bad)).to.throw(/#RRGGBB/)
  })

  it('every MAILBOX_LABEL_IDS name is accepted as a --label word', () => {
    expect(MAILBOX_WORDS).to.include.members(['inbox', 'all-mail', 'starred', 'category-social'])
    expect(MAILBOX_WORDS.map((word) => parseMailboxLabel(word))).to.deep.equal(
      ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12', '15', '16', '20', '21', '22', '24', '25', '26', '40'].map((id) => ({id})),
    )
    expect(parseMailboxLabel('All_Mail')).to.deep.equal({id: '5'})
  })

  it('--label: system numbers and the service’s long IDs are IDs; anything else a name or path to look up', () => {
    const serviceId = `${'aB3_-'.repeat(17)}xyz==`
    expect(parseMailboxLabel('7')).to.deep.equal({id: '7'})
    expect(parseMailboxLabel(serviceId)).to.deep.equal({id: serviceId})
    for (const name of ['Work', 'Invoices/2024', 'l1', 'my folder']) expect(parseMailboxLabel(name)).to.deep.equal({name})
    expect(() => parseMailboxLabel(' ')).to.throw(/--label must not be empty/)
  })

  it('--to: inbox, archive, spam and trash by word, in any case; folders by name or path; IDs as given', () => {
    expect(['inbox', 'Archive', 'SPAM', 'trash'].map((word) => parseFolderChoice(word))).to.deep.equal([{id: '0'}, {id: '6'}, {id: '4'}, {id: '3'}])
    expect(parseFolderChoice('Invoices/2024')).to.deep.equal({name: 'Invoices/2024'})
    expect(parseFolderChoice('6')).to.deep.equal({id: '6'})
    expect(() => parseFolderChoice('starred')).to.throw('--to "starred" is not a folder a message can be moved to (inbox, archive, spam, trash, or one of your folders): use "mail star"')
    expect(() => parseFolderChoice('all-mail')).to.throw(/--to "all-mail" is not a folder/)
    expect(() => parseFolderChoice('')).to.throw('--to must not be empty')
  })

  it('--add/--remove: a label’s name or an ID; mailbox words are refused with what to use instead', () => {
    expect(parseLabelChoice('Work', '--add')).to.deep.equal({name: 'Work'})
    expect(() => parseLabelChoice('starred', '--add')).to.throw('--add "starred" names a mailbox, not one of your labels: use "mail star" or "mail unstar"')
    expect(() => parseLabelChoice('Trash', '--remove')).to.throw('--remove "Trash" names a mailbox, not one of your labels: use "mail move --to"')
  })

  it('--after/--before: a date is midnight UTC; a time with its zone is taken as given', () => {
    expect(parseTimeFlag('2025-01-01', '--after')).to.equal(1_735_689_600)
    expect(parseTimeFlag('2025-01-01T00:00:00Z', '--before')).to.equal(1_735_689_600)
    expect(parseTimeFlag('2025-01-01T02:00:00+02:00', '--after')).to.equal(1_735_689_600)
    expect(parseTimeFlag('2024-12-31T19:00-0500', '--after')).to.equal(1_735_689_600)
    expect(parseTimeFlag('2025-01-01T00:00:00.250Z', '--before')).to.equal(1_735_689_600)
    expect(parseTimeFlag('2025-01-01T00:00:00.250Z', '--after')).to.equal(1_735_689_601)
  })

  it('--after/--before: refuses what is no date, a day that does not exist, and a time without its zone', () => {
    expect(() => parseTimeFlag('yesterday', '--after')).to.throw(/^--after "yesterday" is not a date \(YYYY-MM-DD\)/)
    expect(() => parseTimeFlag('2025-02-30', '--before')).to.throw('--before "2025-02-30" is not a date and time that exists (from 1970 on)')
    expect(() => parseTimeFlag('2025-01-01T25:00Z', '--before')).to.throw(/is not a date and time that exists/)
    expect(() => parseTimeFlag('2025-01-01T10:00', '--after')).to.throw('--after "2025-01-01T10:00" has no time zone: add Z (UTC) or an offset such as +02:00 (a date alone means midnight UTC)')
    expect(() => parseTimeFlag('2025-01-01T10:00+25:00', '--after')).to.throw(/has an offset that does not exist/)
  })
})
