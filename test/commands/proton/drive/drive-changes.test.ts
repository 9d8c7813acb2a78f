/**
 * Issue 39, through the built binary against the sandbox's drive (one sandbox for the file): --dry-run on every
 * drive command that changes something (what would be done, nothing sent but reads); upload's destination only
 * with --to, and --replace as a new revision; "exists already" naming the item; trash restore by the path the
 * node had; one date form in drive info and drive ls; a terminal's table showing what tells UIDs apart, and that
 * form taken back.
 */
import {expect} from 'chai'

import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {baseEnv, runBinary} from '../../../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../../../helpers/sandbox-process.ts'
import {runInTerminal} from '../../../helpers/terminal.ts'

interface Recorded {
  Method: string
  Path: string
}

describe('drive commands that change something: --dry-run, upload --to and --replace, names, restore by path, UIDs (built binary, sandbox)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TERM: 'dumb', TZ: 'UTC'})
  const run = async (args: string[]) => {
    const result = await runBinary(['--profile', 'sandbox', 'drive', ...args], {env: env(), timeoutMs: 60_000})
    return {...result, out: result.stdout.toString()}
  }

  const local = (name: string, content: string) => {
    const dir = join(suite.home.home, 'work')
    mkdirSync(dir, {recursive: true})
    writeFileSync(join(dir, name), content)
    return join(dir, name)
  }

  // What changes something: neither a GET nor the SDK's batch read of link details (POST …/links).
  const changes = async () =>
    ((await (await sandboxFetch(suite.sandbox, 'drive/requests')).json()) as {Requests: Recorded[]}).Requests.filter(
      (request) => request.Method !== 'GET' && !(request.Method === 'POST' && /^\/drive\/v2\/volumes\/[^/]+\/links$/.test(request.Path)),
    )
  const clearRecorder = () => sandboxFetch(suite.sandbox, 'drive/requests', {method: 'DELETE'})
  const names = async (path = '') =>
    (await run(['ls', path])).out
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t')[0])

  it('--dry-run on upload, mkdir, mv, rename, trash, trash restore and trash empty: what would be done, nothing changed', async () => {
    const file = local('plan.txt', 'plan\n')
    expect((await run(['trash', 'Documents/résumé – 履歴書.txt'])).status).to.equal(0)
    const before = await names()
    await clearRecorder()
    const cases: Array<[string[], string]> = [
      [['upload', file, '--to', 'Documents', '--dry-run'], `Would upload ${file} (5 B) to Documents as plan.txt\n`],
      [['mkdir', 'Documents/2026', '--dry-run'], 'Would create the folder Documents/2026\n'],
      [['mv', 'notes.txt', 'Documents', '--dry-run'], 'Would move notes.txt to Documents\n'],
      [['rename', 'notes.txt', 'renamed.txt', '--dry-run'], 'Would rename notes.txt to renamed.txt\n'],
      [['trash', 'notes.txt', '--dry-run'], 'Would move notes.txt to the trash\n'],
      [['trash', 'restore', 'Documents/résumé – 履歴書.txt', '--dry-run'], 'Would restore résumé – 履歴書.txt from the trash\n'],
      [['trash', 'empty', '--dry-run'], 'Would delete résumé – 履歴書.txt for good\n'],
    ]
    for (const [args, expected] of cases) {
      const result = await run(args)
      expect([result.status, result.out, result.stderr], args.join(' ')).to.deep.equal([0, expected, '--dry-run: nothing changed.\n'])
    }

    const json = await run(['upload', file, '--dry-run', '--output', 'json'])
    expect(JSON.parse(json.out)).to.deep.equal([{action: 'upload', file, name: 'plan.txt', parentUid: JSON.parse((await run(['info', '/', '--output', 'json'])).out).uid, size: 5}])
    expect(await changes()).to.deep.equal([])
    expect(await names()).to.deep.equal(before)
    expect((await run(['trash', 'list'])).out).to.match(/^résumé – 履歴書\.txt\tfile\t/)
    // What the real run would refuse, the dry run refuses: a name taken.
    const taken = await run(['mkdir', 'Documents', '--dry-run'])
    expect([taken.status, taken.stderr]).to.deep.equal([4, 'Error: Documents exists already: nothing created\n'])
  })

  it('trash restore takes the path the node had: of two trashed nodes of one name, the one in that folder', async () => {
    expect((await run(['upload', local('twin.txt', 'top\n')])).status).to.equal(0)
    expect((await run(['upload', local('twin.txt', 'top\n'), '--to', 'Documents'])).status).to.equal(0)
    expect((await run(['trash', 'twin.txt', 'Documents/twin.txt'])).status).to.equal(0)
    const restored = await run(['trash', 'restore', 'Documents/twin.txt'])
    expect([restored.status, restored.stderr]).to.deep.equal([0, 'twin.txt: restored\n'])
    expect(await names('Documents')).to.include('twin.txt')
    expect(await names()).to.not.include('twin.txt')
    const gone = await run(['trash', 'restore', 'Documents/twin.txt'])
    expect([gone.status, gone.stderr]).to.deep.equal([3, 'Error: no Documents/twin.txt in the drive trash (see "drive trash list")\n'])
    // The name alone: the one left in the trash (it was in My Files itself).
    expect((await run(['trash', 'restore', 'twin.txt'])).status).to.equal(0)
    expect(await names()).to.include('twin.txt')
  })

  it('upload: the destination only with --to (a last argument is a file, said so when it is none); --replace makes a new revision', async () => {
    const a = local('a.txt', 'a\n')
    const b = local('b.bin', 'b\n')
    const guessed = await run(['upload', a, 'Documents'])
    expect([guessed.status, guessed.out, guessed.stderr]).to.deep.equal([1, '', "Error: Documents: no such file (a drive folder to upload into is given with --to, e.g. --to 'Documents')\n"])
    // Two local files: both uploaded into My Files, b.bin is not taken for a folder.
    const both = await run(['upload', a, b])
    expect(both.status, both.stderr).to.equal(0)
    expect(both.out.split('\n').filter(Boolean)).to.have.length(2)
    expect(await names()).to.include.members(['a.txt', 'b.bin'])

    const again = local('a.txt', 'a, second revision\n')
    await clearRecorder()
    const refused = await run(['upload', again])
    expect([refused.status, refused.stderr]).to.deep.equal([4, 'Error: a.txt in My Files exists already: nothing uploaded (add --replace for a new revision of it, or rename or trash it first)\n'])
    expect(await changes()).to.deep.equal([])
    const before = JSON.parse((await run(['info', 'a.txt', '--output', 'json'])).out) as {revisionUid: string; uid: string}
    const replaced = await run(['upload', again, '--replace'])
    expect([replaced.status, replaced.out]).to.deep.equal([0, `${before.uid}\n`])
    expect(replaced.stderr).to.equal(`Uploaded ${again} to My Files as a.txt (a new revision).\n`)
    const after = JSON.parse((await run(['info', 'a.txt', '--output', 'json'])).out) as {revisionUid: string; size: number}
    expect(after.revisionUid).to.not.equal(before.revisionUid)
    expect(after.size).to.equal(Buffer.byteLength('a, second revision\n'))
    expect((await run(['download', 'a.txt', '--output-file', '-'])).out).to.equal('a, second revision\n')
    const folder = await run(['upload', local('Documents', 'not a folder\n'), '--replace'])
    expect([folder.status, folder.stderr]).to.deep.equal([4, 'Error: Documents in My Files exists already: it is a folder, not replaced; nothing uploaded\n'])
  })

  it('"exists already" names the item: mkdir, rename', async () => {
    const made = await run(['mkdir', 'Documents'])
    expect([made.status, made.stderr]).to.deep.equal([4, 'Error: Documents exists already: nothing created\n'])
    const renamed = await run(['rename', 'a.txt', 'b.bin'])
    expect([renamed.status, renamed.stderr]).to.deep.equal([4, 'Error: b.bin exists already in the folder of a.txt: nothing renamed\n'])
  })

  it('drive info gives Modified in the form drive ls gives it (local ISO 8601 with its offset)', async () => {
    const row = (await run(['ls'])).out.split('\n').find((line) => line.startsWith('b.bin\t')) as string
    const modified = row.split('\t')[3]
    expect(modified).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/)
    expect((await run(['info', 'b.bin'])).out).to.include(`\nModified: ${modified}\n`)
  })

  it('a table on a terminal shows UIDs by what tells them apart (~LINK, not the shared volume), and takes that form back', async () => {
    expect((await run(['upload', local('ux1.txt', '1\n'), local('ux2.txt', '2\n')])).status).to.equal(0)
    const piped = (await run(['ls'])).out
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'))
    const volume = piped[0][4].split('~')[0]
    for (const row of piped) expect(row[4].split('~')[0]).to.equal(volume)
    const table = async (columns: number) => {
      const shown = await runInTerminal(['--profile', 'sandbox', 'drive', 'ls'], env(), 60_000, columns)
      expect(shown.status, shown.output).to.equal(0)
      expect(shown.output).to.not.include(volume)
      return new Map(
        shown.output
          .split('\n')
          .slice(1)
          .filter(Boolean)
          .map((line) => [
            line.split(/\s{2,}/)[0],
            line
              .trimEnd()
              .split(/\s{2,}/)
              .at(-1) as string,
          ]),
      )
    }

    // Wide: each link ID whole, which gives back its node.
    const wide = await table(250)
    expect(wide.size).to.equal(piped.length)
    for (const [name, , , , uid] of piped) {
      expect(wide.get(name)).to.equal(`~${uid.split('~')[1]}`)
      const info = await run(['info', wide.get(name) as string, '--output', 'json'])
      expect([info.status, JSON.parse(info.out).uid], name).to.deep.equal([0, uid])
    }

    // Narrow: cut with "…", still apart for the nodes uploaded here (random link IDs, as the service makes them), and
    // taken back. The sandbox's seeded IDs share a long stem (base64 of "sandbox-drive-"): a cut one is ambiguous.
    const narrow = await table(60)
    const uploaded = piped.filter(([name]) => name !== 'Documents' && name !== 'notes.txt')
    expect(uploaded.length).to.be.at.least(2)
    expect(new Set(uploaded.map(([name]) => narrow.get(name))).size).to.equal(uploaded.length)
    for (const [name, , , , uid] of uploaded) {
      const cell = narrow.get(name) as string
      expect(cell).to.match(/^~.+…$/)
      const info = await run(['info', cell, '--output', 'json'])
      expect([info.status, JSON.parse(info.out).uid], cell).to.deep.equal([0, uid])
    }

    const seeded = await run(['info', narrow.get('notes.txt') as string])
    expect([seeded.status, seeded.stderr]).to.deep.equal([3, `Error: node ${narrow.get('notes.txt')}: it begins 2 UIDs of the last listing: give more of it\n`])
  })
})
