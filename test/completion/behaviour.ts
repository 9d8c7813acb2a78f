/**
 * What TAB does, checked the same way in bash and in zsh (bash.test.ts and
 * zsh.test.ts call describeCompletion): the generated scripts are sourced
 * by the profile line `<bin> autocomplete script SHELL` prints, in a real
 * interactive shell in a pseudo-terminal, and each line is typed and TAB
 * pressed (see the drivers). Every case also checks that nothing reached
 * stderr, and the CLI's start count that no TAB started Node.
 */
import {expect} from 'chai'
import {mkdirSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {runBinary} from '../helpers/run-binary.ts'
import {PUBLISHED_FILE} from '../lib/description/published-description.ts'
import {type Completion, type CompletionHome, completionHome, drive, type HostHome, hostHome, type Shell} from './setup.ts'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

/** TAB on each line; every one must leave stderr empty and start nothing. */
function tab(shell: Shell, home: CompletionHome, profile: string, inputs: readonly string[], startsExpected = 0): Map<string, Completion> {
  const before = home.starts()
  const {results} = drive(shell, home, profile, inputs)
  for (const [input, result] of results) expect(result.stderr, `stderr after TAB on ${JSON.stringify(input)}`).to.deep.equal([])
  expect(home.starts() - before, 'starts of the CLI').to.equal(startsExpected)
  return results
}

/** The candidates of one line, sorted (zsh groups and sorts them its own way). */
function sorted(results: Map<string, Completion>, input: string): string[] {
  return [...results.get(input)!.candidates].sort()
}

function lineAfter(results: Map<string, Completion>, input: string): string {
  return results.get(input)!.line
}

function writeSessions(directory: string, names: string[]): void {
  mkdirSync(directory, {recursive: true})
  for (const name of names) writeFileSync(join(directory, name), '{}')
}

export function describeCompletion(shell: Shell): void {
  describe(`${shell}: the standalone proton`, function () {
    this.timeout(120_000)
    let home: CompletionHome
    let profile: string
    before(async () => {
      home = await completionHome()
      profile = await home.profileLine(shell)
      // Profiles, and files that are not one: a write in progress, a name the store refuses, another extension.
      writeSessions(home.sessionsDir, ['work.json', 'default.json', 'work.json.4242.ab12.tmp', 'not valid.json', '.hidden.json', 'notes.txt'])
      writeFileSync(join(home.workDir, 'body.json'), '{}')
    })
    after(() => home?.remove())

    it('completes command names once each: `proton ma` is `mail`, `proton ` lists every topic and command once', () => {
      const results = tab(shell, home, profile, ['proton ma', 'proton ', 'proton mail ', 'proton api spec '])
      expect(results.get('proton ma')!.candidates).to.deep.equal(['mail'])
      expect(lineAfter(results, 'proton ma')).to.equal('proton mail ')
      expect(sorted(results, 'proton ')).to.deep.equal(['account', 'api', 'auth', 'autocomplete', 'calendar', 'contacts', 'drive', 'help', 'mail', 'pass', 'sandbox', 'version'])
      expect(sorted(results, 'proton mail ')).to.deep.equal([
        'attachments',
        'count',
        'delete',
        'download',
        'filters',
        'label',
        'labels',
        'list',
        'mark',
        'move',
        'read',
        'send',
        'settings',
        'star',
        'trash',
        'unstar',
      ])
      expect(sorted(results, 'proton api spec ')).to.deep.equal(['show', 'update'])
    })

    it('reads global flags before the command: --profile work, --output json, --quiet, --output=json', () => {
      const results = tab(shell, home, profile, [
        'proton --profile work api GET /mail/v4/messages/c',
        'proton --output json api ',
        'proton --quiet --output=json api g',
        'proton --verbose mail li',
        'proton --pro',
        'proton --output ',
      ])
      expect(results.get('proton --profile work api GET /mail/v4/messages/c')!.candidates).to.deep.equal(['/mail/v4/messages/count'])
      expect(lineAfter(results, 'proton --profile work api GET /mail/v4/messages/c')).to.equal('proton --profile work api GET /mail/v4/messages/count ')
      expect(sorted(results, 'proton --output json api ')).to.deep.equal([...METHODS, 'endpoints', 'spec'].sort())
      expect(lineAfter(results, 'proton --quiet --output=json api g')).to.equal('proton --quiet --output=json api GET ')
      expect(results.get('proton --verbose mail li')!.candidates).to.deep.equal(['list'])
      expect(results.get('proton --pro')!.candidates).to.deep.equal(['--profile'])
      expect(sorted(results, 'proton --output ')).to.deep.equal(['json', 'text', 'yaml'])
    })

    it('completes flags after flag values holding /, spaces or quotes, and after arguments', () => {
      const results = tab(shell, home, profile, [
        'proton mail list --output a/b --pa',
        "proton api GET /x -H 'X-A: b c' --he",
        'proton api GET /x -f "q=it\'s" --sl',
        'proton api GET /x --query=a/b --sil',
        'proton auth status --profile work --o',
        'proton api GET /core/v4/users --q',
        'proton api endpoints --m',
      ])
      expect(sorted(results, 'proton mail list --output a/b --pa')).to.deep.equal(['--page', '--page-size'])
      expect(results.get("proton api GET /x -H 'X-A: b c' --he")!.candidates).to.deep.equal(['--header', '--help'])
      expect(lineAfter(results, 'proton api GET /x -f "q=it\'s" --sl')).to.equal('proton api GET /x -f "q=it\'s" --slurp ')
      expect(lineAfter(results, 'proton api GET /x --query=a/b --sil')).to.equal('proton api GET /x --query=a/b --silent ')
      expect(lineAfter(results, 'proton auth status --profile work --o')).to.equal('proton auth status --profile work --output ')
      expect(sorted(results, 'proton api GET /core/v4/users --q')).to.deep.equal(['--query', '--quiet'])
      // Its own --method, and the global --max-size.
      expect(sorted(results, 'proton api endpoints --m')).to.deep.equal(['--max-size', '--method'])
    })

    it('completes the mailbox commands and their flags, after message IDs too', () => {
      const results = tab(shell, home, profile, [
        'proton mail unst',
        'proton mail mark abc== --un',
        'proton mail move abc== def== --t',
        'proton mail list --from a/b --has',
        'proton mail delete - --y',
        'proton mail label abc== --add Work --rem',
        'proton mail trash abc== --dr',
      ])
      expect(lineAfter(results, 'proton mail unst')).to.equal('proton mail unstar ')
      expect(results.get('proton mail mark abc== --un')!.candidates).to.deep.equal(['--unread'])
      expect(sorted(results, 'proton mail move abc== def== --t')).to.deep.equal(['--timeout', '--to'])
      expect(lineAfter(results, 'proton mail list --from a/b --has')).to.equal('proton mail list --from a/b --has-attachments ')
      expect(lineAfter(results, 'proton mail delete - --y')).to.equal('proton mail delete - --yes ')
      expect(lineAfter(results, 'proton mail label abc== --add Work --rem')).to.equal('proton mail label abc== --add Work --remove ')
      expect(lineAfter(results, 'proton mail trash abc== --dr')).to.equal('proton mail trash abc== --dry-run ')
    })

    it('offers the stored profiles for --profile, read from the sessions directory', () => {
      const results = tab(shell, home, profile, ['proton --profile ', 'proton auth status --profile w', 'proton mail list --profile=d', 'proton api GET /x --profile '])
      expect(sorted(results, 'proton --profile ')).to.deep.equal(['default', 'work'])
      expect(lineAfter(results, 'proton auth status --profile w')).to.equal('proton auth status --profile work ')
      expect(lineAfter(results, 'proton mail list --profile=d')).to.equal('proton mail list --profile=default ')
      expect(sorted(results, 'proton api GET /x --profile ')).to.deep.equal(['default', 'work'])

      // PROTON_CONFIG_DIR, read when TAB is pressed, moves the sessions directory.
      const elsewhere = join(home.workDir, '..', 'elsewhere')
      writeSessions(join(elsewhere, 'sessions'), ['ci.json'])
      const moved = tab(shell, {...home, env: {...home.env, PROTON_CONFIG_DIR: elsewhere}}, profile, ['proton --profile '])
      expect(moved.get('proton --profile ')!.candidates).to.deep.equal(['ci'])
    })

    it('completes other flag values: options (a command’s own --output formats for it alone), METHODs for `api endpoints --method`, file names otherwise', () => {
      const lines = ['proton mail list --output=y', 'proton calendar events list --output ', 'proton contacts get --output ', 'proton mail list --output ']
      const results = tab(shell, home, profile, [...lines, 'proton api endpoints --method P', 'proton api POST /x --input b', 'proton api --body '])
      expect(lineAfter(results, 'proton mail list --output=y')).to.equal('proton mail list --output=yaml ')
      expect(sorted(results, 'proton calendar events list --output ')).to.deep.equal(['ics', 'json', 'text', 'yaml'])
      expect(sorted(results, 'proton contacts get --output ')).to.deep.equal(['json', 'text', 'vcf', 'yaml'])
      expect(sorted(results, 'proton mail list --output ')).to.deep.equal(['json', 'text', 'yaml'])
      expect(sorted(results, 'proton api endpoints --method P')).to.deep.equal(['PATCH', 'POST', 'PUT'])
      expect(lineAfter(results, 'proton api POST /x --input b')).to.equal('proton api POST /x --input body.json ')
      expect(results.get('proton api --body ')!.candidates).not.to.include('GET')
    })

    it('completes label and folder names (as the commands kept them) and mailbox words, never file names', () => {
      const names = join(home.cacheDir, 'completion', 'names')
      mkdirSync(names, {mode: 0o700, recursive: true})
      writeFileSync(join(names, 'labels'), 'Family\nWork\n')
      writeFileSync(join(names, 'folders'), 'Invoices\nInvoices/2024\n')
      writeFileSync(join(names, 'calendars'), 'Team Days\nWork\n')
      const results = tab(shell, home, profile, [
        'proton mail list --label Inv',
        'proton mail list --label=W',
        'proton mail list --label in',
        'proton mail move abc== --to ',
        'proton mail label abc== --add ',
        'proton mail label abc== --remove b',
        'proton mail labels delete ',
        'proton mail labels create --name N --type folder --parent Invoices/',
        'proton calendar events list --calendar W',
        'proton calendar events list --calendar Te',
        'proton calendar events list --calendar Team\\ D',
        'proton calendar events list --calendar "Te',
        "proton calendar events list --calendar 'Te",
        'proton calendar events create --calendar="Te',
      ])
      expect(sorted(results, 'proton mail list --label Inv')).to.deep.equal(['Invoices', 'Invoices/2024'])
      expect(lineAfter(results, 'proton mail list --label=W')).to.equal('proton mail list --label=Work ')
      expect(sorted(results, 'proton mail list --label in')).to.deep.equal(['inbox'])
      expect(sorted(results, 'proton mail move abc== --to ')).to.deep.equal(['Invoices', 'Invoices/2024', 'archive', 'inbox', 'spam', 'trash'])
      expect(sorted(results, 'proton mail label abc== --add ')).to.deep.equal(['Family', 'Work'])
      // body.json is in the working directory: a label is never a file.
      expect(sorted(results, 'proton mail label abc== --remove b')).to.deep.equal([])
      expect(sorted(results, 'proton mail labels delete ')).to.deep.equal(['Family', 'Invoices', 'Invoices/2024', 'Work'])
      expect(lineAfter(results, 'proton mail labels create --name N --type folder --parent Invoices/')).to.equal('proton mail labels create --name N --type folder --parent Invoices/2024 ')
      // The calendar events commands' --calendar takes a calendar's name too.
      expect(lineAfter(results, 'proton calendar events list --calendar W')).to.equal('proton calendar events list --calendar Work ')
      // A name with a space stays one word: escaped as zsh escapes it, or inside the quote the user opened.
      expect(lineAfter(results, 'proton calendar events list --calendar Te')).to.equal('proton calendar events list --calendar Team\\ Days ')
      expect(lineAfter(results, 'proton calendar events list --calendar Team\\ D')).to.equal('proton calendar events list --calendar Team\\ Days ')
      expect(lineAfter(results, 'proton calendar events list --calendar "Te')).to.equal('proton calendar events list --calendar "Team Days" ')
      expect(lineAfter(results, "proton calendar events list --calendar 'Te")).to.equal("proton calendar events list --calendar 'Team Days' ")
      // After --calendar=, zsh escapes instead of keeping the quote: one word either way.
      expect(lineAfter(results, 'proton calendar events create --calendar="Te')).to.equal(`proton calendar events create --calendar=${shell === 'bash' ? '"Team Days"' : 'Team\\ Days'} `)
    })

    it('knows the mailbox commands and their flags: filters, settings, addresses, calendar delete', () => {
      writeFileSync(join(home.workDir, 'rules.sieve'), 'keep;')
      const results = tab(shell, home, profile, [
        'proton account ',
        'proton mail filters ',
        'proton mail filters create --si',
        'proton mail filters create --name N --sieve-file ru',
        'proton mail filters delete abc== --y',
        'proton mail filters enable abc --d',
        'proton calendar d',
        'proton calendar delete c1 c2 --',
      ])
      expect(sorted(results, 'proton account ')).to.deep.equal(['addresses', 'settings', 'show'])
      expect(sorted(results, 'proton mail filters ')).to.deep.equal(['create', 'delete', 'disable', 'enable', 'list'])
      expect(sorted(results, 'proton mail filters create --si')).to.deep.equal(['--sieve', '--sieve-file'])
      expect(lineAfter(results, 'proton mail filters create --name N --sieve-file ru')).to.equal('proton mail filters create --name N --sieve-file rules.sieve ')
      expect(lineAfter(results, 'proton mail filters delete abc== --y')).to.equal('proton mail filters delete abc== --yes ')
      expect(lineAfter(results, 'proton mail filters enable abc --d')).to.equal('proton mail filters enable abc --dry-run ')
      expect(lineAfter(results, 'proton calendar d')).to.equal('proton calendar delete ')
      expect(results.get('proton calendar delete c1 c2 --')!.candidates).to.include.members(['--dry-run', '--yes', '--output', '--profile'])
    })

    it('completes METHOD in any case, then the path templates of that method', () => {
      const results = tab(shell, home, profile, [
        'proton api ',
        'proton api g',
        'proton api post /core/v4/la',
        'proton api GET /drive/vol',
        'proton api --output json GET /drive/vol',
        'proton api --output=json GET /drive/vol',
        'proton api -X ',
        'proton api --method P',
        'proton api -X POST /core/v4/la',
        'proton api --method=POST /core/v4/la',
        'proton api -XPOST /core/v4/la',
      ])
      expect(sorted(results, 'proton api ')).to.deep.equal([...METHODS, 'endpoints', 'spec'].sort())
      expect(results.get('proton api g')!.candidates).to.deep.equal(['GET'])
      // -X/--method METHOD, as gh takes it: the METHODs for its value, then the first argument is the ENDPOINT.
      expect(sorted(results, 'proton api -X ')).to.deep.equal([...METHODS].sort())
      expect(sorted(results, 'proton api --method P')).to.deep.equal(['PATCH', 'POST', 'PUT'])
      for (const line of ['proton api -X POST /core/v4/la', 'proton api --method=POST /core/v4/la', 'proton api -XPOST /core/v4/la']) {
        expect(sorted(results, line), line).to.deep.equal(['/core/v4/labels', '/core/v4/labels/by-ids'])
      }
      expect(lineAfter(results, 'proton api g')).to.equal('proton api GET ')
      // The published description shipped with the package: in use with nothing stored.
      expect(sorted(results, 'proton api post /core/v4/la')).to.deep.equal(['/core/v4/labels', '/core/v4/labels/by-ids'])
      for (const line of ['proton api GET /drive/vol', 'proton api --output json GET /drive/vol', 'proton api --output=json GET /drive/vol']) {
        expect(sorted(results, line)).to.deep.equal(['/drive/volumes', '/drive/volumes/'])
      }
    })

    it('never offers a path parameter: the path stops before it, with no space, and continues after a typed ID', async () => {
      const builtin = tab(shell, home, profile, ['proton api DELETE /mail/v4/lab', 'proton api DELETE /mail/v4/labels/'])
      expect(builtin.get('proton api DELETE /mail/v4/lab')!.candidates).to.deep.equal(['/mail/v4/labels/'])
      expect(lineAfter(builtin, 'proton api DELETE /mail/v4/lab')).to.equal('proton api DELETE /mail/v4/labels/')
      expect(builtin.get('proton api DELETE /mail/v4/labels/')!.candidates).to.deep.equal([])

      const update = await runBinary(['api', 'spec', 'update', '--from', PUBLISHED_FILE], {env: home.env})
      expect(update.status, update.stderr).to.equal(0)
      const results = tab(shell, home, profile, [
        'proton api DELETE /core/v4/lab',
        'proton api PUT /auth/v4/devices/abc/',
        'proton api PUT /auth/v4/devices/abc/r',
        'proton api PUT /calendar/v1/c1/events/e1/attendees/',
        'proton api GET /',
        'proton api PUT /mail/v4/messages/r',
      ])
      expect(sorted(results, 'proton api DELETE /core/v4/lab')).to.deep.equal(['/core/v4/labels', '/core/v4/labels/'])
      expect(sorted(results, 'proton api PUT /auth/v4/devices/abc/')).to.deep.equal(['/auth/v4/devices/abc/admin', '/auth/v4/devices/abc/reject'])
      expect(lineAfter(results, 'proton api PUT /auth/v4/devices/abc/r')).to.equal('proton api PUT /auth/v4/devices/abc/reject ')
      expect(results.get('proton api PUT /calendar/v1/c1/events/e1/attendees/')!.candidates).to.deep.equal([])
      const all = results.get('proton api GET /')!.candidates
      expect(all.length).to.be.greaterThan(50)
      expect(all.filter((candidate) => candidate.includes('{'))).to.deep.equal([])
      expect(all).to.include.members(['/core/v4/users', '/mail/v4/messages/'])
      expect(results.get('proton api PUT /mail/v4/messages/r')!.candidates).to.deep.equal(['/mail/v4/messages/read'])
    })

    it('writes a missing word list on first use (one start of the CLI), then reads it', () => {
      rmSync(join(home.cacheDir, 'completion'), {force: true, recursive: true})
      const first = tab(shell, home, profile, ['proton api PUT /mail/v4/messages/unr'], 1)
      expect(first.get('proton api PUT /mail/v4/messages/unr')!.candidates).to.deep.equal(['/mail/v4/messages/unread'])
      const again = tab(shell, home, profile, ['proton api PUT /mail/v4/messages/unr'])
      expect(again.get('proton api PUT /mail/v4/messages/unr')!.candidates).to.deep.equal(['/mail/v4/messages/unread'])
    })
  })

  for (const separator of [' ', ':'] as const) {
    const id = (words: string) => (separator === ' ' ? words : words.replaceAll(' ', ':'))
    describe(`${shell}: inside a host CLI \`tool\` whose topic separator is '${separator}'`, function () {
      this.timeout(120_000)
      let home: HostHome
      let profile: string
      before(async () => {
        home = await hostHome(separator)
        profile = await home.profileLine(shell)
        writeSessions(home.sessionsDir, ['team.json'])
      })
      after(() => home?.remove())

      it(`completes \`tool ${id('proton api')}\` METHOD and ENDPOINT, flags after values, profiles`, () => {
        const api = `tool ${id('proton api')}`
        const results = tab(shell, home, profile, [
          `${api} g`,
          `${api} GET /mail/v4/messages/c`,
          `${api} DELETE /mail/v4/lab`,
          `tool ${id('proton mail list')} --output a/b --pa`,
          `${api} --profile `,
          `${api} --output=j`,
        ])
        expect(lineAfter(results, `${api} g`)).to.equal(`${api} GET `)
        expect(lineAfter(results, `${api} GET /mail/v4/messages/c`)).to.equal(`${api} GET /mail/v4/messages/count `)
        expect(lineAfter(results, `${api} DELETE /mail/v4/lab`)).to.equal(`${api} DELETE /mail/v4/labels/`)
        expect(sorted(results, `tool ${id('proton mail list')} --output a/b --pa`)).to.deep.equal(['--page', '--page-size'])
        expect(results.get(`${api} --profile `)!.candidates).to.deep.equal(['team'])
        expect(lineAfter(results, `${api} --output=j`)).to.equal(`${api} --output=json `)
      })

      it(`completes the top-level form of ours past its name (\`tool ${id('mail list')} --pa\`, \`tool api GET …\`), never the host’s commands`, () => {
        // oclif's bash function for the ':' separator needs bash-completion's helpers: the host's lines only where it runs alone.
        const hostLines = separator === ':' && shell === 'bash' ? [] : [`tool ${id('drive status')} --`, `tool ${id('auth logout')} --`]
        const results = tab(shell, home, profile, ['tool api GET /mail/v4/messages/c', `tool ${id('mail list')} --output a/b --pa`, `tool ${id('auth login')} --pro`, ...hostLines])
        expect(lineAfter(results, 'tool api GET /mail/v4/messages/c')).to.equal('tool api GET /mail/v4/messages/count ')
        expect(sorted(results, `tool ${id('mail list')} --output a/b --pa`)).to.deep.equal(['--page', '--page-size'])
        expect(results.get(`tool ${id('auth login')} --pro`)!.candidates).to.deep.equal(['--profile'])
        // The host's commands are completed by the host's function: none of our global flags.
        for (const line of hostLines) expect(results.get(line)!.candidates, line).not.to.include('--profile')
      })

      it('completes our command names in the host’s spelling, each once', () => {
        if (separator === ' ') {
          const results = tab(shell, home, profile, ['tool pro', 'tool proton ma', 'tool proton api ', 'tool proton mail labels '])
          expect(results.get('tool pro')!.candidates).to.deep.equal(['proton'])
          expect(results.get('tool proton ma')!.candidates).to.deep.equal(['mail'])
          expect(sorted(results, 'tool proton api ')).to.deep.equal([...METHODS, 'endpoints', 'spec'].sort())
          expect(sorted(results, 'tool proton mail labels ')).to.deep.equal(['create', 'delete', 'list'])
        } else {
          const results = tab(shell, home, profile, ['tool proton:ma', 'tool proton:api:', 'tool proton:api:spec:s', 'tool proton:mail:filters:e'])
          // The mail commands and topics share no more than the topic.
          expect(lineAfter(results, 'tool proton:ma')).to.equal('tool proton:mail:')
          expect(lineAfter(results, 'tool proton:mail:filters:e')).to.equal('tool proton:mail:filters:enable ')
          expect(lineAfter(results, 'tool proton:api:spec:s')).to.equal('tool proton:api:spec:show ')
          // bash replaces the text after the last ':', zsh the whole word after the topic.
          const expected = shell === 'bash' ? ['endpoints', 'spec:show', 'spec:update'] : ['api:endpoints', 'api:spec:show', 'api:spec:update']
          expect(sorted(results, 'tool proton:api:')).to.deep.equal(expected)
        }
      })

      if (separator === ' ') {
        it('leaves the host’s own commands to the host’s completion', () => {
          const results = tab(shell, home, profile, ['tool autoc', 'tool autocomplete '])
          expect(lineAfter(results, 'tool autoc')).to.equal('tool autocomplete ')
        })

        it('completes both forms: `tool ` offers proton, our top-level topics and commands, and the host’s', () => {
          const results = tab(shell, home, profile, ['tool ', 'tool drive ', 'tool mail li', 'tool auth '])
          expect(sorted(results, 'tool ')).to.include.members(['account', 'api', 'auth', 'autocomplete', 'calendar', 'drive', 'help', 'mail', 'proton', 'sandbox'])
          // The host's drive status beside our drive commands; auth: the host's logout, our login, list, status and token.
          expect(sorted(results, 'tool drive ')).to.deep.equal(['download', 'info', 'init', 'ls', 'mkdir', 'mv', 'rename', 'status', 'trash', 'upload', 'volumes'])
          expect(lineAfter(results, 'tool mail li')).to.equal('tool mail list ')
          expect(sorted(results, 'tool auth ')).to.deep.equal(['list', 'login', 'logout', 'status', 'token'])
        })

        it('after the plugin is uninstalled: no start, nothing on stderr, the host’s completion still works', () => {
          // Word lists gone while the plugin is there: written again by one start.
          rmSync(join(home.cacheDir, 'completion'), {force: true, recursive: true})
          const rewritten = tab(shell, home, profile, ['tool proton api GET /mail/v4/messages/c'], 1)
          expect(rewritten.get('tool proton api GET /mail/v4/messages/c')!.candidates).to.deep.equal(['/mail/v4/messages/count'])

          home.uninstallPlugin()
          rmSync(join(home.cacheDir, 'completion'), {force: true, recursive: true})
          const results = tab(shell, home, profile, ['tool proton api GET /mail/v4/mess', 'tool proton api --profile ', 'tool autoc', 'tool proton ma'])
          expect(results.get('tool proton api GET /mail/v4/mess')!.candidates).to.deep.equal([])
          expect(results.get('tool proton api --profile ')!.candidates).not.to.include('team')
          expect(lineAfter(results, 'tool autoc')).to.equal('tool autocomplete ')
          // The host's generated function still knows the commands it was generated with.
          expect(results.get('tool proton ma')!.candidates).to.include('mail')
        })
      }
    })
  }
}
