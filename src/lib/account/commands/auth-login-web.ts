/**
 * proton auth login --web: the session fork (session/fork.ts). The person
 * approves the sign-in in a browser where they are signed in to Proton, or
 * from a Proton app with the code or its QR code; no password is typed
 * here. The session is kept as a password login keeps it: tokens, the
 * app version it was made with, and the key passphrase sealed under the
 * session's local key (account/login-keys.ts).
 */
import {sealAtLogin} from '../key-seal.ts'
import {keysAtFork, sessionApi} from '../login-keys.ts'
import type {TransportOptions} from '../../http/client.ts'
import {escapeLine} from '../../core/escape.ts'
import type {Invocation} from '../../run/invocation.ts'
import {checkHeaderValue} from '../../http/headers.ts'
import {endUnkeptSession, unkeptNote} from '../../session/end-session.ts'
import {forkIdentity, loginWithFork, ofClient, type SignInRequest} from '../../session/fork.ts'
import {CLEAR_LINE, openInBrowser, qrLines, spinnerLine} from '../../session/sign-in-view.ts'

export interface WebLoginOptions {
  app: string
  noBrowser: boolean
}

/** Where the person reads the sign-in request: a terminal gets the QR code and the spinner. */
function showRequest(invocation: Invocation, request: SignInRequest, terminal: boolean): void {
  const {stderr} = invocation.io
  // The user code is the service's (letters and digits, checked); all of it is escaped all the same. The QR code's
  // lines are our own drawing, colours included.
  const text = (line: string) => `${escapeLine(line)}\n`
  stderr.write(
    text('To sign in, open this link in a browser where you can sign in to Proton, and approve:') +
      text(`  ${request.link}`) +
      text(`Or approve it from a Proton app signed in to the account ("Sign in with another device", code ${request.userCode})${terminal ? ': scan' : ''}`) +
      (terminal
        ? qrLines(request.code)
            .map((line) => `  ${line}\n`)
            .join('')
        : '') +
      text(`The code to paste there: ${request.code}`),
  )
}

export async function webLogin(invocation: Invocation, options: WebLoginOptions, apiUrl: URL): Promise<void> {
  const {flags, io} = invocation
  const identity = forkIdentity(options.app, flags['app-version'], invocation.context.version)
  const transport: TransportOptions = {...invocation.transport(), appVersion: checkHeaderValue('--app-version', identity.appVersion)}
  if (!ofClient(identity)) {
    invocation.note(
      `Warning: the app version ${escapeLine(identity.appVersion)} does not name the client ${identity.childClientId} the sign-in is for; the service may refuse the session (the sandbox does)`,
    )
  }

  const terminal = Boolean((io.stderr as {isTTY?: boolean}).isTTY)
  let frame = 0
  let removePage: (() => void) | undefined
  try {
    const {keyPassword, session} = await loginWithFork({
      apiUrl,
      done: () => {
        if (terminal) io.stderr.write(CLEAR_LINE)
      },
      identity,
      show: (request) => {
        showRequest(invocation, request, terminal)
        if (!options.noBrowser) {
          removePage = openInBrowser(request.link, io.env)
          if (removePage) invocation.note('Opening the link in your browser…')
        }
      },
      tick: (leftMs) => {
        if (terminal) io.stderr.write(spinnerLine(frame++, leftMs))
      },
      transport,
    })
    let keys: Awaited<ReturnType<typeof keysAtFork>>
    let stored: typeof session
    try {
      // The one place a forked session's keys are unlocked (see login-keys.ts).
      keys = await keysAtFork(sessionApi(apiUrl, transport, session), keyPassword, session.UID)
      stored = {...session, ...keys.fields}
      await invocation.sessions.writeLocked(flags.profile, stored)
    } catch (error) {
      // Approved but not kept (Ctrl-C, keys that do not open, a profile that cannot be written): ended, not left open.
      invocation.note(unkeptNote(await endUnkeptSession(apiUrl, transport, {accessToken: session.AccessToken, uid: session.UID})))
      throw error
    }

    // As auth login: the keys it unlocked sealed for the new session, the previous session's seal replaced.
    await sealAtLogin(invocation.context.cacheDir, flags.profile, session.UID, keys.unlocked)
    const who = typeof stored.Username === 'string' ? escapeLine(stored.Username) : 'the account that approved'
    invocation.note(`logged in as ${who} (profile ${flags.profile}, ${session.APIURL}, by approval; app version ${escapeLine(identity.appVersion)})`)
    invocation.note(keys.note)
  } finally {
    removePage?.()
  }
}
