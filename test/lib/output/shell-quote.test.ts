/** The one quoting of what is printed to paste into a shell (shell-quote.ts), checked by real bash and dash. */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {shellQuote} from '../../../src/lib/output/shell-quote.ts'

describe('shellQuote', () => {
  let dir = ''
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'shell-quote-'))
  })
  after(() => rmSync(dir, {force: true, recursive: true}))

  /** Values a hostile service or sender would like run: each tries to create the sentinel file. */
  const hostile = (sentinel: string) => [
    `T0K3N'$(touch\${IFS}${sentinel})''`,
    `a'b "c" $HOME \`touch ${sentinel}\` \\ ; touch ${sentinel} && touch ${sentinel} | *\n`,
    `'; touch ${sentinel}; echo '`,
    `$(touch ${sentinel})\u001b]0;title\u0007\u009b2J\r\u202eevil\u2028x`,
    `!!:0 !$ ~root {a,b} [x] #c`,
    '',
  ]

  it("keeps a plain word single-quoted as before, and a quote as '\\''", () => {
    expect(shellQuote('plain')).to.equal("'plain'")
    expect(shellQuote("it's")).to.equal(String.raw`'it'\''s'`)
  })

  for (const shell of ['bash', 'dash']) {
    it(`${shell} reads every hostile value back exactly, and runs nothing of it (the sentinel file is not created)`, () => {
      const sentinel = join(dir, `ran-${shell}`)
      for (const value of hostile(sentinel)) {
        const echoed = spawnSync(shell, ['-c', `printf %s ${shellQuote(value)}`], {encoding: 'utf8'})
        expect(echoed.status, echoed.stderr).to.equal(0)
        expect(echoed.stdout).to.equal(value)
        const assigned = spawnSync(shell, ['-c', `V=${shellQuote(value)}; printf %s "$V"`], {encoding: 'utf8'})
        expect(assigned.stdout).to.equal(value)
        expect(existsSync(sentinel), JSON.stringify(value)).to.equal(false)
      }
    })
  }

  it('prints nothing a terminal acts on or that hides text: control, C1, bidirectional and separator characters are a printf of their bytes', () => {
    const quoted = shellQuote('a\u001b[31mb\u009b2Jc\rd\u202ee\u2028f\u0000g')
    // eslint-disable-next-line no-control-regex
    expect(quoted).to.not.match(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/)
    expect(quoted).to.equal(String.raw`'a'"$(printf '\033')"'[31mb'"$(printf '\302\233')"'2Jc'"$(printf '\015')"'d'"$(printf '\342\200\256')"'e'"$(printf '\342\200\250')"'f'"$(printf '\000')"'g'`)
    // Tab and line feed stay as they are: single quotes keep them, and a command substitution would drop a final \n.
    expect(shellQuote('a\tb\n')).to.equal("'a\tb\n'")
  })
})
