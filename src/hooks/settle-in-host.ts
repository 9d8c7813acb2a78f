/**
 * init hook, inside a host CLI only (the standalone package leaves it out):
 * our aliases and top-level topics settled against the host's loaded
 * configuration (src/lib/cli/host-forms.ts), before help, completion or
 * a command reads it.
 */
import type {Hook} from '@oclif/core'

import {type HostConfig, settleInHost} from '../lib/cli/host-forms.ts'

const hook: Hook<'init'> = async function (options) {
  settleInHost(options.config as unknown as HostConfig)
}

export default hook
