/** proton drive volumes (GET /drive/volumes). */
import {call} from '../runtime/dedicated.ts'
import {showListing} from '../runtime/printer.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {volumesListing} from '../output/views/volumes.ts'

export const driveVolumes = plainCommand({
  options: () => ({}),
  async run(invocation) {
    await showListing(invocation, await call(invocation, {method: 'GET', path: '/drive/volumes'}), volumesListing)
  },
})
