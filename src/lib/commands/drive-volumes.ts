/** proton drive volumes (GET /drive/volumes). */
import {call, show} from '../runtime/dedicated.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {volumesText} from '../output/views/volumes.ts'

export const driveVolumes = plainCommand({
  options: () => ({}),
  async run(invocation) {
    await show(invocation, await call(invocation, {method: 'GET', path: '/drive/volumes'}), volumesText)
  },
})
