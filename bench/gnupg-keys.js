// The sandbox account's keys as GnuPG writes them: the bench times the encrypted reads with these as well as with
// the keys OpenPGP.js wrote (the committed fixture), since a user who imported keys made with GnuPG has GnuPG's
// secret-key packets, locked with its default S2K (iterated and salted SHA-1, count 65011712: four times the
// hashing of OpenPGP.js's default). In a throwaway GnuPG home: the fixture's keys imported as they are locked,
// the address keys' tokens decrypted by GnuPG with the user key, and each key exported again by GnuPG under the
// same passphrase, which re-encrypts its secret packets the GnuPG way. The keys themselves (and so the Token,
// its Signature, and everything the sandbox seeded for them) stay valid. Needs gpg (2.1 or newer) on PATH.
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

/** {userKey, addressKeys: [armored, by address]} exported by GnuPG; `keyPassphrase` unlocks the fixture's user key. */
export function relockWithGnupg(fixture, keyPassphrase) {
  const home = mkdtempSync(join(tmpdir(), 'proton-bench-gnupg-'))
  const gpg = (args, input) => {
    const result = spawnSync('gpg', ['--homedir', home, '--batch', '--no-tty', '--pinentry-mode', 'loopback', ...args], {input})
    if (result.status !== 0) throw new Error(`gpg ${args.filter((arg) => !arg.startsWith('pass')).join(' ')} failed: ${result.stderr}`)
    return result.stdout
  }

  // The passphrase goes through a file of the throwaway home, never argv.
  const withPassphrase = (passphrase, args, input) => {
    const file = join(home, 'passphrase')
    writeFileSync(file, passphrase, {mode: 0o600})
    return gpg(['--passphrase-file', file, ...args], input)
  }

  try {
    gpg(['--import'], fixture.userKey)
    for (const {PrivateKey} of fixture.addressKeys) gpg(['--import'], PrivateKey)
    const exported = (armored, passphrase) => {
      const fingerprint = gpg(['--with-colons', '--import-options', 'show-only', '--import'], armored)
        .toString()
        .match(/^fpr:+([\dA-F]+):/m)[1]
      return withPassphrase(passphrase, ['--armor', '--export-secret-keys', fingerprint]).toString()
    }

    return {
      addressKeys: fixture.addressKeys.map(({PrivateKey, Token}) => exported(PrivateKey, withPassphrase(keyPassphrase, ['--decrypt'], Token).toString())),
      userKey: exported(fixture.userKey, keyPassphrase),
    }
  } finally {
    spawnSync('gpgconf', ['--homedir', home, '--kill', 'gpg-agent'])
    rmSync(home, {force: true, recursive: true})
  }
}
