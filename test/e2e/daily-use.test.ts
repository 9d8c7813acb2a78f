/**
 * Issue 29, through the built binary against the sandbox: lists a script
 * can act on (piped: whole values, tab-separated, no header, the footer on
 * stderr), lists a person can act on (on a terminal: fitted, short times,
 * and an ID as the table cut it accepted by the next command), and
 * --output json as one document, indented on a terminal only.
 */
import {expect} from 'chai'

import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {BIN, baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'
import {runInTerminal} from '../helpers/terminal.ts'

const ID = /^[\w-]{86}==$/

describe('daily use (built binary, sandbox)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TERM: 'dumb', TZ: 'UTC'})
  const run = (args: string[], input?: string) => runBinary(['--profile', 'sandbox', ...args], {env: env(), input})
  const shown = (args: string[], columns = 80) => runInTerminal(['--profile', 'sandbox', ...args], env(), 15_000, columns)

  describe('piped', () => {
    it('mail list: one line per message, five tab-separated whole values, no header; the footer on stderr', async () => {
      const {status, stderr, stdout} = await run(['mail', 'list'])
      expect(status).to.equal(0)
      const rows = stdout
        .toString()
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => line.split('\t'))
      expect(rows).to.have.length(7)
      for (const row of rows) expect(row).to.have.length(5)
      expect(rows[0][0]).to.match(ID)
      expect(rows[0].slice(1)).to.deep.equal(['2025-01-01T00:00:00+00:00', 'Proton Sandbox <sandbox@proton.test>', 'Welcome to the Proton sandbox', '*'])
      expect(stderr).to.equal('page 1 of 1, 7 messages\n')
    })

    it('mail labels list: the parent by its name; --output json one compact document', async () => {
      const text = await run(['mail', 'labels', 'list'])
      const rows = text.stdout
        .toString()
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t'))
      expect(rows.map((row) => [row[1], row[4]])).to.deep.equal([
        ['Work', ''],
        ['Family', ''],
        ['Invoices', ''],
        ['Invoices/2024', 'Invoices'],
      ])
      const json = await run(['mail', 'labels', 'list', '--output', 'json'])
      expect(json.status).to.equal(0)
      const body = json.stdout.toString()
      expect(body.trimEnd().split('\n')).to.have.length(1)
      const parsed = JSON.parse(body) as {Code: number; Labels: Array<{Name: string}>}
      expect([parsed.Code, parsed.Labels.map((label) => label.Name)]).to.deep.equal([1000, ['Work', 'Family', 'Invoices', '2024']])
    })

    it('calendar list: every permission by name', async () => {
      const {stdout} = await run(['calendar', 'list'])
      expect(stdout.toString().split('\t')[6]).to.equal('SUPER_OWNER,OWNER,ADMIN,READ_MEMBER_LIST,WRITE,READ,AVAILABILITY')
    })

    it('mail read --output json carries the signature verdict; an ID that does not exist is named', async () => {
      const id = (await run(['mail', 'list'])).stdout.toString().split('\t')[0]
      const read = await run(['mail', 'read', id, '--output', 'json'])
      expect((JSON.parse(read.stdout.toString()) as {SignatureStatus: string}).SignatureStatus).to.equal('verified')
      const missing = await run(['mail', 'read', 'no-such-message-1'])
      expect([missing.status, missing.stderr]).to.deep.equal([3, 'Error: message no-such-message-1: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Message does not exist\n'])
    })

    it('mail read ID ID --jq: the filter reads one array of both records; the keys are asked for once', async () => {
      const ids = (await run(['mail', 'list'])).stdout
        .toString()
        .trimEnd()
        .split('\n')
        .slice(0, 2)
        .map((line) => line.split('\t')[0])
      await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
      const read = await run(['mail', 'read', ...ids, '--jq', '[length, (.[] | .ID)] | @tsv'])
      expect([read.status, read.stdout.toString()], read.stderr).to.deep.equal([0, `2\t${ids[0]}\t${ids[1]}\n`])
      const log = ((await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{Path: string}>}).Requests.map(({Path}) => Path)
      expect(log.filter((path) => path === '/core/v4/users' || path === '/auth/v4/sessions/local/key')).to.have.length(2)
    })
  })

  describe('consistent commands', () => {
    it('the request check accepts what the official clients send (the shipped description amended): --strict passes, no warning', async () => {
      for (const path of [
        '/mail/v4/messages?Page=0&PageSize=50&LabelID=0&Sort=Time&Desc=1&Keyword=x&Recipients=a&Unread=1&Starred=1&Attachments=1',
        '/core/v4/keys/all?Email=a%40b.test&InternalOnly=1',
      ]) {
        const result = await run(['api', 'GET', path, '--strict'])
        expect([result.status, result.stderr], path).to.deep.equal([0, ''])
      }

      const unknown = await run(['api', 'GET', '/mail/v4/messages?Bogus=1', '--strict'])
      expect([unknown.status, unknown.stderr]).to.deep.equal([1, 'Error: query parameter "Bogus" is not declared for GET /mail/v4/messages in the API description (--strict: nothing sent)\n'])
    })

    it('parsing: --flag=false for a boolean, a mistyped flag named with the right one, a conflict said once, extra words as unexpected', async () => {
      const starred = await run(['mail', 'list', '--starred=false', '--unread=true'])
      expect([starred.status, starred.stderr]).to.deep.equal([0, 'page 1 of 1, 3 messages\n'])
      const typo = await run(['mail', 'list', '--lable', 'Work'])
      expect([typo.status, typo.stderr]).to.deep.equal([1, 'Error: unknown flag --lable (did you mean --label?)\nSee "proton mail list --help".\n'])
      const conflict = await run(['mail', 'mark', 'x', '--read', '--unread'])
      expect(conflict.stderr).to.equal('Error: --read and --unread cannot be used together\nSee "proton mail mark --help".\n')
      const extra = await run(['mail', 'list', 'extra'])
      expect([extra.status, extra.stderr]).to.deep.equal([1, 'Error: unexpected argument "extra"\nSee "proton mail list --help".\n'])
      const send = await run(['mail', 'send'])
      expect([send.status, send.stderr]).to.deep.equal([1, 'Error: missing --subject (the subject)\nSee "proton mail send --help".\n'])
      const past = await run(['mail', 'list', '--page', '5'])
      expect([past.status, past.stdout.toString(), past.stderr]).to.deep.equal([0, '', 'page 5 of 1, 7 messages: past the last page (1)\n'])
    })

    it('--output-file that cannot be written: one plain line naming it', async () => {
      const home = suite.home.home
      for (const [path, why] of [
        [home, 'it is a directory (EISDIR)'],
        [`${home}/no/such/file.json`, `no directory "${home}/no/such" (ENOENT)`],
      ]) {
        const result = await run(['api', 'GET', '/core/v4/users', '--output-file', path])
        expect([result.status, result.stderr]).to.deep.equal([1, `Error: --output-file ${JSON.stringify(path)}: ${why}\n`])
      }
    })

    it('mail labels delete: by path, asks for --yes without a terminal, counts the sub-folders; create --parent checks a folder', async () => {
      const parent = await run(['mail', 'labels', 'create', '--name', 'Trips', '--color', '#123456', '--type', 'folder'])
      expect(parent.status).to.equal(0)
      const child = await run(['mail', 'labels', 'create', '--name', '2026', '--color', '#123456', '--type', 'folder', '--parent', 'Trips'])
      expect([child.status, child.stderr]).to.deep.equal([0, `Created folder "2026" (${child.stdout.toString().trim()}).\n`])
      const notFolder = await run(['mail', 'labels', 'create', '--name', 'x', '--color', '#123456', '--type', 'folder', '--parent', 'Work'])
      expect([notFolder.status, notFolder.stderr]).to.deep.equal([1, 'Error: --parent "Work" names no folder; see "mail labels list --type folder"\n'])
      const refused = await run(['mail', 'labels', 'delete', 'Trips'])
      expect([refused.status, refused.stderr]).to.deep.equal([1, 'Error: refusing to delete folder Trips and its 1 sub-folder without confirmation: standard input is not a terminal (add --yes)\n'])
      const deleted = await run(['mail', 'labels', 'delete', 'Trips', '--yes'])
      expect([deleted.status, deleted.stderr]).to.deep.equal([0, 'Deleted folder Trips and its 1 sub-folder.\n'])
    })

    it('mail download ID - writes the attachment to stdout; --dir that does not exist is created, owner-only', async () => {
      const list = JSON.parse((await run(['mail', 'list', '--label', 'all-mail', '--output', 'json'])).stdout.toString()) as {Messages: Array<{ID: string; Subject: string}>}
      const invoice = list.Messages.find((message) => message.Subject === 'Your March invoice')?.ID ?? ''
      const dir = join(suite.home.home, 'new', 'downloads')
      const saved = await run(['mail', 'download', invoice, '--dir', dir])
      expect(saved.status, saved.stderr).to.equal(0)
      expect(saved.stderr).to.include(`Created directory ${dir} (readable by you only).`)
      expect(statSync(dir).mode & 0o777).to.equal(0o700)
      const piped = await run(['mail', 'download', invoice, '-'])
      expect(piped.status, piped.stderr).to.equal(0)
      expect(piped.stdout.equals(readFileSync(saved.stdout.toString().trim()))).to.equal(true)
      expect(piped.stderr).to.match(/: signature verified \(signed by billing@shop\.test\)\n$/)
    })

    it('a dry run looks names up with GET requests: mail move --to NoSuchFolder fails as the real run would', async () => {
      const id = (await run(['mail', 'list'])).stdout.toString().split('\t')[0]
      const dry = await run(['mail', 'move', id, '--to', 'NoSuchFolder', '--dry-run'])
      const real = await run(['mail', 'move', id, '--to', 'NoSuchFolder'])
      expect([dry.status, dry.stderr]).to.deep.equal([real.status, real.stderr])
      expect(real.stderr).to.match(/^Error: --to "NoSuchFolder" names no folder/)
      const good = await run(['mail', 'move', id, '--to', 'Invoices', '--dry-run'])
      expect(good.status).to.equal(0)
      expect(good.stdout.toString()).to.match(/^PUT \S+\/mail\/v4\/messages\/label\n/)
      expect(good.stderr).to.equal('Not checked: that the message exists (the service answers for each ID when the requests are sent).\nDry run: the request was not sent.\n')
    })
  })

  describe("gh's habits", () => {
    it('api ENDPOINT: GET without a method, POST with fields; the leading "/" may be left out', async () => {
      const users = await run(['api', 'core/v4/users'])
      expect(users.status, users.stderr).to.equal(0)
      expect((JSON.parse(users.stdout.toString()) as {User: {Name: string}}).User.Name).to.equal('demo')
      const post = await run(['api', 'mail/v4/labels', '-f', 'Name=Dry', '--dry-run'])
      expect(post.stdout.toString())
        .to.match(new RegExp(`^curl -sS --compressed '${suite.sandbox.url}/mail/v4/labels' `))
        .and.to.include(`--data-raw '{"Name":"Dry"}'`)
      const get = await run(['api', 'mail/v4/messages', '--dry-run'])
      expect(get.stdout.toString()).to.match(new RegExp(`^curl -sS --compressed '${suite.sandbox.url}/mail/v4/messages' `))
      const alone = await run(['api', 'GET'])
      expect([alone.status, alone.stderr]).to.deep.equal([1, 'Error: missing ENDPOINT after GET (a path such as /core/v4/users)\n'])
    })

    it('auth token prints the session’s access token alone; the dry run’s curl runs as printed, reading no variable of the tool', async () => {
      const session = JSON.parse(readFileSync(join(suite.home.home, 'proton-cli', 'sessions', 'sandbox.json'), 'utf8')) as {AccessToken: string}
      const token = await run(['auth', 'token'])
      expect([token.status, token.stdout.toString(), token.stderr]).to.deep.equal([0, `${session.AccessToken}\n`, ''])
      const curl = (await run(['api', 'core/v4/users', '--dry-run'])).stdout.toString()
      expect(curl).not.to.include(session.AccessToken).and.not.to.include('${')
      // `proton` on the PATH as an installed package puts it there, then the line exactly as printed.
      const bin = join(suite.home.home, 'bin')
      mkdirSync(bin, {recursive: true})
      writeFileSync(join(bin, 'proton'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, {mode: 0o755})
      const ran = spawnSync('bash', ['-c', curl], {encoding: 'utf8', env: {...env(), PATH: `${bin}:${process.env.PATH}`}, timeout: 30_000})
      expect(ran.status, ran.stderr).to.equal(0)
      expect((JSON.parse(ran.stdout) as {Code: number}).Code).to.equal(1000)
    })
  })

  describe('completion of values', () => {
    it('the commands that fetch labels, folders and calendars keep their names for TAB, owner-only', async () => {
      await run(['mail', 'labels', 'list'])
      await run(['calendar', 'list'])
      const names = join(suite.home.home, 'cache', 'proton-cli', 'completion', 'names')
      expect(statSync(names).mode & 0o777).to.equal(0o700)
      expect(readFileSync(join(names, 'labels'), 'utf8')).to.equal('Family\nWork\n')
      expect(readFileSync(join(names, 'folders'), 'utf8')).to.equal('Invoices\nInvoices/2024\n')
      expect(readFileSync(join(names, 'calendars'), 'utf8')).to.equal('My calendar\nWork\n')
      for (const kind of ['labels', 'folders', 'calendars']) expect(statSync(join(names, kind)).mode & 0o777, kind).to.equal(0o600)
    })
  })

  describe('on a terminal', () => {
    it('every list fits the terminal: mail list (times to the minute), labels, calendars, volumes', async () => {
      const list = await shown(['mail', 'list'])
      expect(list.output.split('\n')[1]).to.match(/^[\w-]+… {2}2025-01-01 00:00 {2}Proton/)
      for (const args of [
        ['mail', 'labels', 'list'],
        ['calendar', 'list'],
        ['drive', 'volumes'],
        ['mail', 'list'],
      ]) {
        const {output, status} = await shown(args, 60)
        expect(status).to.equal(0)
        for (const line of output.trimEnd().split('\n')) expect([...line].length, line).to.be.at.most(60)
      }

      const labels = await shown(['mail', 'labels', 'list'])
      expect(labels.output.trimEnd().split('\n').at(-1)).to.match(/ {2}Invoices\/2024 {2}MESSAGE_FOLDER {2}#54473F {2}Invoices$/)
      const calendars = await shown(['calendar', 'list'])
      expect(calendars.output).to.match(/ {2}owner {2}/)
    })

    it('an ID as the table cut it is accepted by the next command, even piped; one that begins none is named (exit 3)', async () => {
      const {output} = await shown(['mail', 'list'])
      const cut = output.split('\n')[1].split(' ')[0]
      expect(cut).to.match(/…$/)
      const read = await run(['mail', 'read', cut])
      expect(read.status).to.equal(0)
      expect(read.stdout.toString()).to.match(/^From: +Proton Sandbox/)
      const fromStdin = await run(['mail', 'read', '-'], `${cut}\n`)
      expect(fromStdin.stdout.toString()).to.equal(read.stdout.toString())
      const star = await run(['mail', 'star', cut, '--dry-run', '--output', 'json'])
      expect(star.stdout.toString()).not.to.include('…')
      const wrong = await run(['mail', 'read', 'Zz-no-such…'])
      expect([wrong.status, wrong.stderr]).to.deep.equal([
        3,
        'Error: message Zz-no-such…: no ID of the last listing begins with it (list again, or give the whole ID: piped, tables print whole values)\n',
      ])
    })

    it('--output json: one document, indented', async () => {
      const {output, status} = await shown(['mail', 'labels', 'list', '--output', 'json'])
      expect(status).to.equal(0)
      expect(output).to.match(/^\{\n {2}"Code": 1000,\n {2}"Labels": \[\n/)
      expect((JSON.parse(output) as {Labels: unknown[]}).Labels).to.have.length(4)
    })
  })
})
