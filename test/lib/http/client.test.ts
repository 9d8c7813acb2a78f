import {expect} from 'chai'

import {networkFailureMessage} from '../../../src/lib/http/client.ts'

describe('networkFailureMessage: a network failure as one line', () => {
  const url = new URL('https://api.example.test:8443/api/core/v4/users')
  const cases: Array<[string, string]> = [
    ['ECONNREFUSED', "cannot connect to https://api.example.test:8443 (connection refused): is the service reachable, and is --api-url / the session's API URL right?"],
    ['ENOTFOUND', "cannot find the host api.example.test (DNS lookup failed: ENOTFOUND): is the network up, and is --api-url / the session's API URL right?"],
    ['EAI_AGAIN', 'cannot look up the host api.example.test (DNS lookup failed for now: EAI_AGAIN): is the network up?'],
    ['EHOSTUNREACH', "cannot reach https://api.example.test:8443 (no route to the host): is the network up, and is --api-url / the session's API URL right?"],
    ['ENETUNREACH', "cannot reach https://api.example.test:8443 (network unreachable): is the network up, and is --api-url / the session's API URL right?"],
    ['ECONNRESET', 'request to https://api.example.test:8443 failed: ECONNRESET'],
  ]
  for (const [code, message] of cases) {
    it(code, () => {
      expect(networkFailureMessage(code, url)).to.equal(message)
    })
  }
})
