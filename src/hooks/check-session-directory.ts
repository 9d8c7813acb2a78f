/**
 * init hook: once per start of the CLI (the host's, when installed as a
 * plugin), check <configDir>/sessions: narrow the directory to 0700 and
 * session files to 0600, remove temporary files of interrupted atomic
 * writes. It never stops a command: a failure is only a debug line
 * (DEBUG=*). Costs one readdir when the directory exists.
 */
import type {Hook} from '@oclif/core'

import {join} from 'node:path'

import {checkSessionDirectory} from '../lib/session/directory.ts'

const hook: Hook<'init'> = async function (options) {
  try {
    const report = await checkSessionDirectory(join(options.config.configDir, 'sessions'))
    for (const path of report.tightened) this.debug(`narrowed the mode of ${path}`)
    for (const path of report.removed) this.debug(`removed the leftover ${path}`)
  } catch (error) {
    this.debug(`could not check the sessions directory: ${(error as Error).message}`)
  }
}

export default hook
