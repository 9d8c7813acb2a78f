/** proton drive mkdir PATH: a new folder (its name and keys encrypted by the SDK); its UID on stdout. */
import {onDrive} from '../client.ts'
import {isNameTaken, nameTaken} from '../failures.ts'
import {childNamed, nodeView, parentAndName, shown} from '../nodes.ts'
import {showPlans} from '../plan.ts'
import {printable} from '../../core/escape.ts'
import {plainCommand} from '../../run/plain-command.ts'

export const driveMkdir = plainCommand<{dryRun: boolean; path: string}>({
  options: (line) => ({dryRun: line.boolean('dry-run'), path: line.arg('path')}),
  async run(invocation, {dryRun, path}) {
    const taken = () => nameTaken(printable(path), 'nothing created')
    const folder = await onDrive(invocation, async ({client}) => {
      const {name, parent} = await parentAndName(client, path)
      if (dryRun) {
        if (await childNamed(client, parent.uid, name)) throw taken()
        return showPlans(invocation, [{data: {action: 'mkdir', name, parentUid: parent.uid, path}, line: `create the folder ${printable(path)}`}])
      }

      return nodeView(
        await client.createFolder(parent.uid, name).catch((error: unknown) => {
          throw isNameTaken(error) ? taken() : error
        }),
      )
    })
    if (!folder) return
    invocation.io.stdout.write(`${folder.uid}\n`)
    invocation.note(`Created folder ${shown(folder)}.`)
  },
})
