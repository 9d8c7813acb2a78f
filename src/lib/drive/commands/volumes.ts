/** proton drive volumes (GET /drive/volumes). */
import {call} from '../../run/api.ts'
import {showListing} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {volumesListing} from '../views/volumes.ts'

export const driveVolumes = plainCommand({
  options: () => ({}),
  async run(invocation) {
    await showListing(invocation, await call(invocation, {method: 'GET', path: '/drive/volumes'}), volumesListing)
  },
})
