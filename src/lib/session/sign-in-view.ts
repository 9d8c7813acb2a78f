/**
 * What the person sees and uses while a web sign-in waits: the link, the
 * code and its QR code (qrcode-generator, drawn with half blocks, dark on
 * light whatever the terminal's colours), a spinner with the time left, and
 * the browser opened on the link.
 *
 * The link's fragment holds the fork's key: it is shown on the person's own
 * terminal, never put on a command line (other local users read argv).
 * The browser is given a page of the person's own instead: a file, mode
 * 0600 in a new 0700 directory, that sends the browser on to the link,
 * removed when the sign-in ends (and at exit, however it comes).
 */
import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import qrcode from 'qrcode-generator'

import {atExit} from '../core/exit-cleanup.ts'

/** Modules of light border around the code: scanners want some quiet zone. */
const QUIET = 2
/** Black on white, then back to the terminal's own. */
const DARK_ON_LIGHT = '\u001B[30;47m'
const RESET = '\u001B[0m'

/** The QR code of `text` as terminal lines, two rows of modules to a line (▀ ▄ █). */
export function qrLines(text: string): string[] {
  const code = qrcode(0, 'L')
  code.addData(text, 'Byte')
  code.make()
  const size = code.getModuleCount()
  const dark = (row: number, column: number) => row >= 0 && row < size && column >= 0 && column < size && code.isDark(row, column)
  const lines: string[] = []
  for (let row = -QUIET; row < size + QUIET; row += 2) {
    let line = ''
    for (let column = -QUIET; column < size + QUIET; column++) {
      const top = dark(row, column)
      const bottom = dark(row + 1, column)
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' '
    }

    lines.push(DARK_ON_LIGHT + line + RESET)
  }

  return lines
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']

/** One line, redrawn in place: a spinner and the time left. */
export function spinnerLine(frame: number, leftMs: number): string {
  const seconds = Math.ceil(leftMs / 1000)
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
  return `\r${FRAMES[frame % FRAMES.length]} Waiting for the approval (${time} left; Ctrl-C to cancel)\u001B[K`
}

export const CLEAR_LINE = '\r\u001B[K'

/** The program that opens a URL or file with the person's default browser, when this system has one. */
function opener(env: NodeJS.ProcessEnv, platform = process.platform): string | undefined {
  if (platform === 'darwin') return 'open'
  if (platform === 'win32') return undefined
  // Without a graphical session there is no browser to open on this machine (ssh, a server).
  return env.DISPLAY || env.WAYLAND_DISPLAY ? 'xdg-open' : undefined
}

/** The page the browser opens: it only sends it on to the link (no script, no referrer). */
function forwardingPage(link: string): string {
  const attribute = link.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
  return `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${attribute}"><title>Sign in</title><a href="${attribute}">Continue to sign in</a>\n`
}

/**
 * Open the link in the person's browser, when there is one, without the link on any command line. Resolves with a
 * remover of the forwarding page (to call once the sign-in ends), or undefined when no browser could be opened.
 */
export function openInBrowser(link: string, env: NodeJS.ProcessEnv): (() => void) | undefined {
  const program = opener(env)
  if (!program) return undefined
  const directory = mkdtempSync(join(tmpdir(), 'proton-cli-sign-in-'))
  const remove = () => rmSync(directory, {force: true, recursive: true})
  atExit(remove)
  try {
    const page = join(directory, 'sign-in.html')
    writeFileSync(page, forwardingPage(link), {flag: 'wx', mode: 0o600})
    // Arguments as a list, no shell: the path is the only word, and it is ours.
    const child = spawn(program, [pathToFileURL(page).toString()], {detached: true, stdio: 'ignore'})
    child.on('error', () => {})
    child.unref()
    return remove
  } catch {
    remove()
    return undefined
  }
}
