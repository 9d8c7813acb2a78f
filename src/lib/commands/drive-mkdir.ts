/** proton drive mkdir PATH: a new folder (its name and keys encrypted by the SDK); its UID on stdout. */
import {onDrive} from '../drive/client.ts'
import {nodeView, parentAndName, shown} from '../drive/nodes.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export const driveMkdir = plainCommand<{path: string}>({
  options: (line) => ({path: line.arg('path')}),
  async run(invocation, {path}) {
    const folder = await onDrive(invocation, async ({client}) => {
      const {name, parent} = await parentAndName(client, path)
      return nodeView(await client.createFolder(parent.uid, name))
    })
    invocation.io.stdout.write(`${folder.uid}\n`)
    invocation.note(`Created folder ${shown(folder)}.`)
  },
})
