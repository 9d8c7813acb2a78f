/**
 * The mailbox at a terminal (a pseudo-terminal from `script`, driven by the
 * test): mail delete asks first (as calendar delete and mail filters delete
 * do) and sends nothing unless the answer is yes; tables fit the terminal's
 * 80 columns, cells cut with an ellipsis.
 */
import {expect} from 'chai'
import {spawn} from 'node:child_process'

import {BIN, baseEnv} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

interface Logged {
  Method: string
  Path: string
}

/** One word for sh -c. */
const word = (text: string) => `'${text.replaceAll("'", String.raw`'\''`)}'`

/**
 * Run the binary on a pseudo-terminal; when `prompt` shows, type `answer`
 * and Enter. Resolves with what the terminal showed and the exit status.
 */
function converse(args: string[], env: NodeJS.ProcessEnv, prompt?: RegExp, answer = ''): Promise<{output: string; status: number | null}> {
  const command = `stty cols 80 rows 40; ${[process.execPath, BIN, ...args].map((part) => word(part)).join(' ')}`
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {env, stdio: ['pipe', 'pipe', 'pipe']})
    let output = ''
    let answered = prompt === undefined
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (!answered && prompt?.test(output)) {
        answered = true
        child.stdin.write(`${answer}\r`)
      }
    }

    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('error', reject)
    child.on('close', (status) => {
      clearTimeout(timer)
      child.stdin.destroy()
      resolve({output: output.replaceAll('\r\n', '\n'), status})
    })
  })
}

describe('the mailbox at a terminal (built binary, pseudo-terminal)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TERM: 'dumb', TZ: 'UTC'})
  const QUESTION = /Delete message \S+ permanently\? \[y\/N\] $/
  const deletes = async () => {
    const stats = (await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Logged[]}
    return stats.Requests.filter((entry) => entry.Path === '/mail/v4/messages/delete')
  }

  const firstId = async () => {
    const {output} = await converse(['--profile', 'sandbox', 'mail', 'list', '--output', 'json'], env())
    return (JSON.parse(output) as {Messages: Array<{ID: string}>}).Messages[0].ID
  }

  it('mail list: the table fits 80 columns, long cells cut with "…", the ID to a short stem', async () => {
    const {output, status} = await converse(['--profile', 'sandbox', 'mail', 'list'], env())
    expect(status).to.equal(0)
    const lines = output.trimEnd().split('\n')
    expect(lines).to.have.length(9)
    for (const line of lines) expect([...line].length, line).to.be.at.most(80)
    expect(lines[1]).to.match(/^[\w-]{11}… {2}2025-01-01 00:00 {2}Proto.*… {2}Welcome to.*… {2}\*$/)
    expect(lines.at(-1)).to.equal('page 1 of 1, 7 messages')
  })

  it('mail delete asks first; anything but yes sends nothing (exit 1)', async () => {
    const id = await firstId()
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
    const {output, status} = await converse(['--profile', 'sandbox', 'mail', 'delete', '--', id], env(), QUESTION, 'n')
    expect(status).to.equal(1)
    expect(output).to.match(/\[y\/N\] n\nError: not confirmed: nothing deleted\n$/)
    expect(await deletes()).to.deep.equal([])
  })

  it('mail delete, answered yes: deleted', async () => {
    const id = await firstId()
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
    const {output, status} = await converse(['--profile', 'sandbox', 'mail', 'delete', '--', id], env(), QUESTION, 'yes')
    expect(status).to.equal(0)
    expect(output).to.match(/\[y\/N\] yes\nDeleted 1 message permanently\.\n$/)
    expect((await deletes()).map((entry) => entry.Method)).to.deep.equal(['PUT'])
    expect(await firstId()).not.to.equal(id)
  })
})
