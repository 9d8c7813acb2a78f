import {expect} from 'chai'

import {dryRunText} from '../../../src/lib/send/dry-run.ts'

describe('send: dryRunText', () => {
  it('names the sender, each recipient with its kind, the subject and the sizes', () => {
    const text = dryRunText(
      'me@proton.test',
      {bcc: ['hidden@example.test'], cc: [], to: ['friend@proton.test', 'pinned@example.test']},
      [
        {email: 'friend@proton.test', kind: 'internal'},
        {email: 'pinned@example.test', kind: 'external-keys', pinned: true, scheme: 'pgp-mime'},
        {email: 'hidden@example.test', kind: 'refused', reason: 'no such address'},
      ],
      'Plan',
      'héllo',
      'text/plain',
      [{name: 'lunch.csv', path: '/tmp/lunch.csv', size: 1}],
    )
    expect(text.split('\n')).to.deep.equal([
      'From: me@proton.test',
      'To: friend@proton.test (internal: end-to-end encrypted)',
      'To: pinned@example.test (external with keys: encrypted and signed (PGP/MIME) (from your contact))',
      'Bcc: hidden@example.test (refused: no such address)',
      'Subject: Plan',
      'Body: 6 bytes (text/plain)',
      'Attachment: lunch.csv (1 byte)',
    ])
  })

  it('escapes what the user and the service wrote before it reaches a terminal', () => {
    const text = dryRunText(
      'me\u001B[2J@proton.test',
      {bcc: [], cc: [], to: ['x@example.test']},
      [{email: 'x@example.test', kind: 'refused', reason: 'bad\u001B]0;t\u0007'}],
      'S\u001B[1m',
      'b',
      'text/html',
      [{name: 'f\u001B.txt', path: '/f', size: 2}],
    )
    expect(text).to.not.include('\u001B')
    expect(text).to.not.include('\u0007')
  })
})
