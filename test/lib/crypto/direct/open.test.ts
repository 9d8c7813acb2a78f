/**
 * What login records of the keys it unlocked (crypto/direct readsDirectly, the session's KeysRead): keys of the kinds
 * crypto/direct reads and decrypts with, or not (an RSA key, a key without an encryption subkey), as OpenPGP.js wrote
 * them in a separate process.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'

import {readsDirectly} from '../../../../src/lib/crypto/direct/open.ts'

/** Unlocked keys as OpenPGP.js writes them (key.write()), made by a node process of their own: base64 each. */
function made(kinds: string[]): Buffer[] {
  const script = `
    const openpgp = await import('openpgp')
    const out = []
    for (const kind of ${JSON.stringify(kinds)}) {
      const options = kind === 'rsa' ? {type: 'rsa', rsaBits: 2048} : kind === 'sign-only' ? {type: 'ecc', curve: 'curve25519Legacy', subkeys: []} : {type: 'ecc', curve: 'curve25519Legacy'}
      const {privateKey} = await openpgp.generateKey({...options, format: 'object', userIDs: [{email: 'a@example.test'}]})
      out.push(Buffer.from(privateKey.write()).toString('base64'))
    }
    console.log(JSON.stringify(out))`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {cwd: process.cwd(), encoding: 'utf8'})
  expect(result.status, result.stderr).to.equal(0)
  return (JSON.parse(result.stdout) as string[]).map((key) => Buffer.from(key, 'base64'))
}

describe('crypto/direct readsDirectly: whether reads with these keys can do without OpenPGP.js', function () {
  this.timeout(60_000)

  it('curve25519 keys: yes; with an RSA key among them, a key that cannot decrypt, none, or bytes that are no key: no', () => {
    const [ecc, other, rsa, signOnly] = made(['ecc', 'ecc', 'rsa', 'sign-only'])
    expect(readsDirectly([ecc, other])).to.equal(true)
    expect(readsDirectly([ecc, rsa])).to.equal(false)
    expect(readsDirectly([signOnly])).to.equal(false)
    expect(readsDirectly([])).to.equal(false)
    expect(readsDirectly([Buffer.from('not a key')])).to.equal(false)
  })
})
