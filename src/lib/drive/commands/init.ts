/**
 * proton drive init: create My Files (the account's drive volume, its
 * share and root folder) when the account has none, as the SDK does on
 * first use (src/internal/shares/manager.ts createVolume); only here, never
 * as a side effect of another command.
 */
import {onDrive} from '../client.ts'
import {nodeView} from '../nodes.ts'
import {plainCommand} from '../../run/plain-command.ts'

export const driveInit = plainCommand<Record<string, never>>({
  options: () => ({}),
  async run(invocation) {
    const {created, uid} = await onDrive(invocation, async ({client, myFilesExisted}) => ({created: !myFilesExisted, uid: nodeView(await client.getMyFilesRootFolder()).uid}), {init: true})
    invocation.io.stdout.write(`${uid}\n`)
    invocation.note(created ? 'Created My Files (a new drive volume).' : 'My Files exists already: nothing created.')
  },
})
