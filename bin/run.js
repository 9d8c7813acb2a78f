#!/usr/bin/env node
// Runs the plugin on its own as the `proton` command.
import {execute} from '@oclif/core'

import {moveLeadingGlobalFlags} from '../dist/lib/leading-flags.js'

await execute({args: moveLeadingGlobalFlags(process.argv.slice(2)), dir: import.meta.url})
