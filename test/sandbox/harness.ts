/**
 * In-process sandbox for tests: started on 127.0.0.1 port 0, with a small
 * fetch wrapper that attaches a session's headers, and a login helper.
 */
import {selfLogin} from '../../src/sandbox/glue.ts'
import {type Sandbox, startSandbox} from '../../src/sandbox/http/server.ts'
import type {SandboxOptions} from '../../src/sandbox/http/services.ts'
import type {StoredSession} from '../../src/lib/session/store.ts'

export const APP_VERSION = 'Other'

export interface Answer {
  status: number
  headers: Headers
  text: string
  /** The body parsed, or undefined when it is not JSON. */
  json?: Record<string, unknown>
}

export interface CallOptions {
  session?: Pick<StoredSession, 'AccessToken' | 'UID'>
  /** A JSON value, or a raw string/Buffer sent as is. */
  body?: unknown
  headers?: Record<string, string>
  appVersion?: string | null
}

export interface Harness {
  sandbox: Sandbox
  call(method: string, path: string, options?: CallOptions): Promise<Answer>
  login(password?: string): Promise<StoredSession>
  close(): Promise<void>
}

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({port: 0, ...options})
  const call = async (method: string, path: string, callOptions: CallOptions = {}): Promise<Answer> => {
    const {appVersion = APP_VERSION, body, session} = callOptions
    // The controls need the sandbox's secret; a test that means to leave it out says so with its own header.
    const headers: Record<string, string> = {...(path.startsWith('/__sandbox/') ? {'x-sandbox-secret': sandbox.controlSecret} : {}), ...callOptions.headers}
    if (appVersion !== null) headers['x-pm-appversion'] = appVersion
    if (session) {
      headers.authorization = `Bearer ${session.AccessToken}`
      headers['x-pm-uid'] = session.UID
    }

    const raw = typeof body === 'string' || Buffer.isBuffer(body) ? body : body === undefined ? undefined : JSON.stringify(body)
    const response = await fetch(`${sandbox.url}${path}`, {body: raw, headers, method})
    const text = await response.text()
    let json: Record<string, unknown> | undefined
    try {
      json = JSON.parse(text) as Record<string, unknown>
    } catch {
      json = undefined
    }

    return {headers: response.headers, json, status: response.status, text}
  }

  return {
    call,
    close: () => sandbox.close(),
    login: (password = options.password ?? 'demo') => selfLogin({appVersion: APP_VERSION, password, totpKey: options.totpKey, url: sandbox.url, username: options.username ?? 'demo'}),
    sandbox,
  }
}
