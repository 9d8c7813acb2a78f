/**
 * A throwaway GnuPG home for the tests that check the tool's crypto against
 * GnuPG: keys made there without a passphrase (ed25519 to sign, cv25519 to
 * encrypt, the kinds Proton makes), gpg run in batch with its status lines
 * on stderr, files written beside. Opened in a `before`, closed (its agent
 * stopped, the folder removed) in the `after`.
 */
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

export interface GnupgHome {
  open(): void
  close(): void
  gpg(args: string[], input?: Buffer | string | Uint8Array): {status: number | null; stderr: string; stdout: Buffer}
  fingerprint(email: string): string
  /** A key for `email`, its preferences given as gpg options (e.g. --default-preference-list). */
  makeKey(email: string, preferences?: string[]): void
  /** Where a file named `name` stands in the home. */
  path(name: string): string
  /** `data` written into the home as `name`; its path. */
  file(name: string, data: Uint8Array | string): string
}

export function gnupgHome(prefix: string): GnupgHome {
  let home = ''
  const gpg = (args: string[], input?: Buffer | string | Uint8Array) => {
    const result = spawnSync('gpg', ['--homedir', home, '--batch', '--pinentry-mode', 'loopback', '--passphrase', '', '--trust-model', 'always', '--status-fd', '2', ...args], {
      input: input === undefined ? undefined : Buffer.from(input),
      maxBuffer: 64 << 20,
    })
    return {status: result.status, stderr: result.stderr.toString(), stdout: result.stdout}
  }

  const fingerprint = (email: string) =>
    gpg(['--list-keys', '--with-colons', email])
      .stdout.toString()
      .match(/^fpr:+([\dA-F]+):/m)?.[1] ?? ''
  return {
    close() {
      spawnSync('gpgconf', ['--homedir', home, '--kill', 'gpg-agent'])
      rmSync(home, {force: true, recursive: true})
    },
    file(name, data) {
      const path = join(home, name)
      writeFileSync(path, data)
      return path
    },
    fingerprint,
    gpg,
    makeKey(email, preferences = []) {
      expect(gpg([...preferences, '--quick-gen-key', email, 'ed25519', 'sign,cert', 'never']).status).to.equal(0)
      expect(gpg(['--quick-add-key', fingerprint(email), 'cv25519', 'encr', 'never']).status).to.equal(0)
    },
    path: (name) => join(home, name),
    open() {
      home = mkdtempSync(join(tmpdir(), prefix))
    },
  }
}
