/** What auth status and auth list show of a session: everything but its tokens. */
import {expect} from 'chai'

import {describeSummary, summarize} from '../../../src/lib/session/summary.ts'
import {TOKENS} from '../../helpers/session-files.ts'

const NOW = Date.parse('2026-01-02T03:04:05.000Z')

describe('session summary', () => {
  it('an active session: its fields by name, ages from the clock, no token anywhere', () => {
    const summary = summarize('work', {...TOKENS, APIURL: 'https://mail.proton.me/api', CreatedAt: '2026-01-01T03:04:05.000Z', Scopes: ['full', 'mail'], Username: 'alice'})
    expect(summary).to.deep.include({apiUrl: 'https://mail.proton.me/api', keys: 'not unlocked', profile: 'work', scopes: ['full', 'mail'], state: 'active', uid: TOKENS.UID, username: 'alice'})
    const text = describeSummary(summary, NOW)
    expect(text.split('\n')).to.deep.equal([
      'profile         work',
      'user            alice',
      'API URL         https://mail.proton.me/api',
      `session UID     ${TOKENS.UID}`,
      'scopes          full mail',
      'logged in       2026-01-01T03:04:05.000Z (1 day ago)',
      'tokens renewed  2026-01-01T03:04:05.000Z (1 day ago)',
      'keys            not unlocked: encrypted mail cannot be read (log in with the password)',
      'state           active',
    ])
    for (const secret of [TOKENS.AccessToken, TOKENS.RefreshToken]) expect(JSON.stringify(summary) + text).not.to.include(secret)
  })

  it('a session the service refused to renew: expired, its reason on one line; what it lacks left out; keys kept', () => {
    const summary = summarize('old', {...TOKENS, APIURL: 'http://127.0.0.1:9', KeyPassphrase: 'sealed', RefreshError: 'HTTP 422, Code 10013\nInvalid', RefreshRefusedAt: '2026-01-01T00:00:00Z'})
    expect(summary).to.include({keys: 'available', state: 'expired'})
    expect(describeSummary(summary, NOW).split('\n')).to.deep.equal([
      'profile      old',
      'API URL      http://127.0.0.1:9',
      `session UID  ${TOKENS.UID}`,
      'keys         available (sealed with a key the service holds for this session)',
      'state        expired: the service refused to renew it (HTTP 422, Code 10013 Invalid)',
    ])
  })
})
