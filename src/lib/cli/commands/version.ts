/**
 * proton version: this plugin's version, Node's, the platform, and where
 * the tool keeps sessions and caches (the host's directories inside a host
 * CLI, whose own `version` command stays the host's: ours is `proton
 * version` there). `proton -v` and `--version` are oclif's one line.
 */
import {join} from 'node:path'

import {printData} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {alignedRows} from '../../output/table.ts'

/** The package, as npm and `plugins install` name it. */
const PACKAGE = '@proton-cli/plugin-api'

export interface VersionReport {
  package: string
  version: string
  node: string
  platform: string
  arch: string
  /** Where sessions live (<configDir>/sessions). */
  sessions: string
  /** The cache directory: the spool, the code caches, the stored API description. */
  cache: string
}

export const version = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const {cacheDir, configDir} = invocation.context
    const report: VersionReport = {
      arch: process.arch,
      cache: cacheDir,
      node: process.version,
      package: PACKAGE,
      platform: process.platform,
      sessions: join(configDir, 'sessions'),
      version: invocation.context.version,
    }
    await printData(invocation, report, () =>
      alignedRows([
        ['proton-cli', `${report.version} (${report.package}, unofficial)`],
        ['node', report.node],
        ['platform', `${report.platform}-${report.arch}`],
        ['sessions', report.sessions],
        ['cache', report.cache],
      ]),
    )
  },
})
