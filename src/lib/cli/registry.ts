/**
 * The commands the fast path of bin/run.js runs without oclif, by id (as
 * standalone): the module that holds each one's plain function (its
 * repository path), and that function's name. The build (scripts/build-fast-path.js)
 * bundles each module, with the dispatcher and what the module imports,
 * into dist/fast/<bundle>.cjs (the module's path under src/lib, without
 * `commands` and repeated parts, joined by -), so a line loads the code of its own command
 * and nothing else. It checks that each is the plain function its oclif
 * command runs, and that every command of the manifest is either here or in
 * OCLIF_ONLY.
 */

export interface FastCommand {
  /** The module's path in the repository (src/….ts). */
  module: string
  /** The name of the exported plain function. */
  run: string
}

export const FAST_COMMANDS: Readonly<Record<string, FastCommand>> = {
  'account:addresses': {module: 'src/lib/account/commands/addresses.ts', run: 'accountAddresses'},
  'account:settings': {module: 'src/lib/account/commands/settings.ts', run: 'accountSettings'},
  'account:show': {module: 'src/lib/account/commands/show.ts', run: 'accountShow'},
  api: {module: 'src/lib/api/commands/api.ts', run: 'api'},
  'api:endpoints': {module: 'src/lib/api/commands/endpoints.ts', run: 'apiEndpoints'},
  'api:spec:show': {module: 'src/lib/api/commands/spec-show.ts', run: 'apiSpecShow'},
  'api:spec:update': {module: 'src/lib/api/commands/spec-update.ts', run: 'apiSpecUpdate'},
  'api:spec:words': {module: 'src/lib/api/commands/spec-words.ts', run: 'apiSpecWords'},
  'auth:list': {module: 'src/lib/account/commands/auth-list.ts', run: 'authList'},
  'auth:logout': {module: 'src/lib/account/commands/auth-logout.ts', run: 'authLogout'},
  'auth:status': {module: 'src/lib/account/commands/auth-status.ts', run: 'authStatus'},
  'auth:token': {module: 'src/lib/account/commands/auth-token.ts', run: 'authToken'},
  'calendar:create': {module: 'src/lib/calendar/commands/create.ts', run: 'calendarCreate'},
  'calendar:delete': {module: 'src/lib/calendar/commands/delete.ts', run: 'calendarDelete'},
  'calendar:events:create': {module: 'src/lib/calendar/commands/events-create.ts', run: 'calendarEventsCreate'},
  'calendar:events:delete': {module: 'src/lib/calendar/commands/events-delete.ts', run: 'calendarEventsDelete'},
  'calendar:events:get': {module: 'src/lib/calendar/commands/events-get.ts', run: 'calendarEventsGet'},
  'calendar:events:list': {module: 'src/lib/calendar/commands/events-list.ts', run: 'calendarEventsList'},
  'calendar:events:update': {module: 'src/lib/calendar/commands/events-update.ts', run: 'calendarEventsUpdate'},
  'calendar:list': {module: 'src/lib/calendar/commands/list.ts', run: 'calendarList'},
  'contacts:create': {module: 'src/lib/contacts/commands/create.ts', run: 'contactsCreate'},
  'contacts:delete': {module: 'src/lib/contacts/commands/delete.ts', run: 'contactsDelete'},
  'contacts:export': {module: 'src/lib/contacts/commands/export.ts', run: 'contactsExport'},
  'contacts:get': {module: 'src/lib/contacts/commands/get.ts', run: 'contactsGet'},
  'contacts:import': {module: 'src/lib/contacts/commands/import.ts', run: 'contactsImport'},
  'contacts:list': {module: 'src/lib/contacts/commands/list.ts', run: 'contactsList'},
  'contacts:update': {module: 'src/lib/contacts/commands/update.ts', run: 'contactsUpdate'},
  'drive:download': {module: 'src/lib/drive/commands/download.ts', run: 'driveDownload'},
  'drive:info': {module: 'src/lib/drive/commands/info.ts', run: 'driveInfo'},
  'drive:init': {module: 'src/lib/drive/commands/init.ts', run: 'driveInit'},
  'drive:ls': {module: 'src/lib/drive/commands/ls.ts', run: 'driveLs'},
  'drive:mkdir': {module: 'src/lib/drive/commands/mkdir.ts', run: 'driveMkdir'},
  'drive:mv': {module: 'src/lib/drive/commands/mv.ts', run: 'driveMv'},
  'drive:rename': {module: 'src/lib/drive/commands/rename.ts', run: 'driveRename'},
  'drive:trash': {module: 'src/lib/drive/commands/trash.ts', run: 'driveTrash'},
  'drive:trash:empty': {module: 'src/lib/drive/commands/trash.ts', run: 'driveTrashEmpty'},
  'drive:trash:list': {module: 'src/lib/drive/commands/trash.ts', run: 'driveTrashList'},
  'drive:trash:restore': {module: 'src/lib/drive/commands/trash.ts', run: 'driveTrashRestore'},
  'drive:upload': {module: 'src/lib/drive/commands/upload.ts', run: 'driveUpload'},
  'drive:volumes': {module: 'src/lib/drive/commands/volumes.ts', run: 'driveVolumes'},
  'mail:attachments': {module: 'src/lib/mail/commands/attachments.ts', run: 'mailAttachments'},
  'mail:count': {module: 'src/lib/mail/commands/count.ts', run: 'mailCount'},
  'mail:delete': {module: 'src/lib/mail/commands/actions.ts', run: 'mailDelete'},
  'mail:download': {module: 'src/lib/mail/commands/download.ts', run: 'mailDownload'},
  'mail:filters:create': {module: 'src/lib/mail/commands/filters-create.ts', run: 'mailFiltersCreate'},
  'mail:filters:delete': {module: 'src/lib/mail/commands/filters-delete.ts', run: 'mailFiltersDelete'},
  'mail:filters:disable': {module: 'src/lib/mail/commands/filters-toggle.ts', run: 'mailFiltersDisable'},
  'mail:filters:enable': {module: 'src/lib/mail/commands/filters-toggle.ts', run: 'mailFiltersEnable'},
  'mail:filters:list': {module: 'src/lib/mail/commands/filters-list.ts', run: 'mailFiltersList'},
  'mail:label': {module: 'src/lib/mail/commands/actions.ts', run: 'mailLabel'},
  'mail:labels:create': {module: 'src/lib/mail/commands/labels-create.ts', run: 'mailLabelsCreate'},
  'mail:labels:delete': {module: 'src/lib/mail/commands/labels-delete.ts', run: 'mailLabelsDelete'},
  'mail:labels:list': {module: 'src/lib/mail/commands/labels-list.ts', run: 'mailLabelsList'},
  'mail:list': {module: 'src/lib/mail/commands/list.ts', run: 'mailList'},
  'mail:mark': {module: 'src/lib/mail/commands/actions.ts', run: 'mailMark'},
  'mail:move': {module: 'src/lib/mail/commands/actions.ts', run: 'mailMove'},
  'mail:read': {module: 'src/lib/mail/commands/read.ts', run: 'mailRead'},
  'mail:send': {module: 'src/lib/send/commands/send.ts', run: 'mailSend'},
  'mail:settings': {module: 'src/lib/mail/commands/settings.ts', run: 'mailSettings'},
  'mail:star': {module: 'src/lib/mail/commands/actions.ts', run: 'mailStar'},
  'mail:trash': {module: 'src/lib/mail/commands/actions.ts', run: 'mailTrash'},
  'mail:unstar': {module: 'src/lib/mail/commands/actions.ts', run: 'mailUnstar'},
  'pass:alias:create': {module: 'src/lib/pass/commands/alias.ts', run: 'passAliasCreate'},
  'pass:alias:options': {module: 'src/lib/pass/commands/alias.ts', run: 'passAliasOptions'},
  'pass:items:create:login': {module: 'src/lib/pass/commands/item-edits.ts', run: 'passItemsCreateLogin'},
  'pass:items:create:note': {module: 'src/lib/pass/commands/item-edits.ts', run: 'passItemsCreateNote'},
  'pass:items:delete': {module: 'src/lib/pass/commands/item-states.ts', run: 'passItemsDelete'},
  'pass:items:edit': {module: 'src/lib/pass/commands/item-edits.ts', run: 'passItemsEdit'},
  'pass:items:get': {module: 'src/lib/pass/commands/items.ts', run: 'passItemsGet'},
  'pass:items:list': {module: 'src/lib/pass/commands/items.ts', run: 'passItemsList'},
  'pass:items:restore': {module: 'src/lib/pass/commands/item-states.ts', run: 'passItemsRestore'},
  'pass:items:trash': {module: 'src/lib/pass/commands/item-states.ts', run: 'passItemsTrash'},
  'pass:names': {module: 'src/lib/pass/names-command.ts', run: 'passNames'},
  'pass:totp': {module: 'src/lib/pass/commands/totp.ts', run: 'passTotp'},
  'pass:vaults:create': {module: 'src/lib/pass/commands/vaults.ts', run: 'passVaultsCreate'},
  'pass:vaults:delete': {module: 'src/lib/pass/commands/vaults.ts', run: 'passVaultsDelete'},
  'pass:vaults:list': {module: 'src/lib/pass/commands/vaults.ts', run: 'passVaultsList'},
  version: {module: 'src/lib/cli/commands/version.ts', run: 'version'},
}

/** Always run by oclif, with the reason. */
export const OCLIF_ONLY: Readonly<Record<string, string>> = {
  'auth:login': 'it may prompt for the user name, password and two-factor code',
  sandbox: 'it serves until stopped, so a faster start buys nothing',
}
