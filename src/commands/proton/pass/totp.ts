import {passTotp} from '../../../lib/pass/commands/totp.ts'
import {itemArg, vaultFlag} from '../../../lib/pass/args.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class PassTotp extends PlainAdapter<typeof PassTotp> {
  static override summary = "Show the current one-time code of a Pass item's TOTP URI (RFC 6238), with the seconds it has left."

  static override description = `ITEM is found as "items get" finds it; its login's TOTP URI is used, else its first TOTP field. The code alone goes to stdout, the seconds left to stderr. --output json|yaml: {TOTP, SecondsLeft, Period}. An item without a TOTP URI: exit 3; a URI that is not TOTP or has no base32 secret: exit 5. Share keys are opened with your user keys (the keys "auth login" unlocked): each is an OpenPGP message that must be signed by one of them, else it is refused. Vaults and items are AES-256-GCM (pass-cli, WebClients packages/pass/lib/crypto): a changed byte fails authentication, and the command stops with one line naming the vault or item (exit 5).`

  static override examples = ['<%= config.bin %> <%= command.id %> Bank', '<%= config.bin %> <%= command.id %> Bank --jq .TOTP']

  static override args = {
    item: itemArg,
  }

  static override flags = {
    vault: vaultFlag(),
  }

  static override runs = passTotp
}
