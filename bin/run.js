#!/usr/bin/env node
// Runs the plugin on its own as the `proton` command.
import {execute} from '@oclif/core'

await execute({dir: import.meta.url})
