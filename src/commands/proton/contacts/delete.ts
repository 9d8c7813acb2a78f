import {contactsDelete} from '../../../lib/contacts/commands/delete.ts'
import {dryRunFlag} from '../../../lib/cli/oclif/dedicated-command.ts'
import {CONFIRM_HELP, idArgs, idExamples, yesFlag} from '../../../lib/cli/oclif/per-id-args.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class ContactsDelete extends PlainAdapter<typeof ContactsDelete> {
  static override summary = 'Delete contacts by ID (PUT /contacts/v4/contacts/delete).'

  static override description = `${CONFIRM_HELP} The IDs go at most 150 a request, and the service answers for each: an ID it refused (3 for one that does not exist) is named on stderr with its error, the others are deleted all the same, and the exit status is the gravest of the refusals'; Ctrl-C, SIGTERM or SIGHUP stops it and says what was and was not sent, as for the mail actions. Text output: a confirmation on stderr; --output json|yaml: {Code, Responses: [{ID, Response}]}.`

  static override examples = idExamples('contact_id', ' --yes')
  static override strict = false
  static override args = idArgs('Contact')
  static override flags = {'dry-run': dryRunFlag, yes: yesFlag}
  static override runs = contactsDelete
}
