/**
 * The commands the fast path of bin/run.js runs without oclif, by id (as
 * standalone): the module of this folder that holds each one's plain
 * function, and that function's name. The build (scripts/build-fast-path.js)
 * bundles each module, with the dispatcher and what the module imports,
 * into dist/fast/<module>.cjs, so a line loads the code of its own command
 * and nothing else. It checks that each is the plain function its oclif
 * command runs, and that every command of the manifest is either here or in
 * OCLIF_ONLY.
 */

export interface FastCommand {
  /** The file name in src/lib/commands, without extension; or a path under src/lib for a capability's own folder (`pass/commands`). */
  module: string
  /** The name of the exported plain function. */
  run: string
}

export const FAST_COMMANDS: Readonly<Record<string, FastCommand>> = {
  'account:addresses': {module: 'account-addresses', run: 'accountAddresses'},
  'account:settings': {module: 'account-settings', run: 'accountSettings'},
  'account:show': {module: 'account-show', run: 'accountShow'},
  api: {module: 'api', run: 'api'},
  'api:endpoints': {module: 'api-endpoints', run: 'apiEndpoints'},
  'api:spec:show': {module: 'api-spec-show', run: 'apiSpecShow'},
  'api:spec:update': {module: 'api-spec-update', run: 'apiSpecUpdate'},
  'api:spec:words': {module: 'api-spec-words', run: 'apiSpecWords'},
  'auth:list': {module: 'auth-list', run: 'authList'},
  'auth:logout': {module: 'auth-logout', run: 'authLogout'},
  'auth:status': {module: 'auth-status', run: 'authStatus'},
  'auth:token': {module: 'auth-token', run: 'authToken'},
  'calendar:create': {module: 'calendar-create', run: 'calendarCreate'},
  'calendar:delete': {module: 'calendar-delete', run: 'calendarDelete'},
  'calendar:events:create': {module: 'calendar-events-create', run: 'calendarEventsCreate'},
  'calendar:events:delete': {module: 'calendar-events-delete', run: 'calendarEventsDelete'},
  'calendar:events:get': {module: 'calendar-events-get', run: 'calendarEventsGet'},
  'calendar:events:list': {module: 'calendar-events-list', run: 'calendarEventsList'},
  'calendar:events:update': {module: 'calendar-events-update', run: 'calendarEventsUpdate'},
  'calendar:list': {module: 'calendar-list', run: 'calendarList'},
  'contacts:create': {module: 'contacts-create', run: 'contactsCreate'},
  'contacts:delete': {module: 'contacts-delete', run: 'contactsDelete'},
  'contacts:export': {module: 'contacts-export', run: 'contactsExport'},
  'contacts:get': {module: 'contacts-get', run: 'contactsGet'},
  'contacts:import': {module: 'contacts-import', run: 'contactsImport'},
  'contacts:list': {module: 'contacts-list', run: 'contactsList'},
  'contacts:update': {module: 'contacts-update', run: 'contactsUpdate'},
  'drive:download': {module: 'drive-download', run: 'driveDownload'},
  'drive:info': {module: 'drive-info', run: 'driveInfo'},
  'drive:init': {module: 'drive-init', run: 'driveInit'},
  'drive:ls': {module: 'drive-ls', run: 'driveLs'},
  'drive:mkdir': {module: 'drive-mkdir', run: 'driveMkdir'},
  'drive:mv': {module: 'drive-mv', run: 'driveMv'},
  'drive:rename': {module: 'drive-rename', run: 'driveRename'},
  'drive:trash': {module: 'drive-trash', run: 'driveTrash'},
  'drive:trash:empty': {module: 'drive-trash', run: 'driveTrashEmpty'},
  'drive:trash:list': {module: 'drive-trash', run: 'driveTrashList'},
  'drive:trash:restore': {module: 'drive-trash', run: 'driveTrashRestore'},
  'drive:upload': {module: 'drive-upload', run: 'driveUpload'},
  'drive:volumes': {module: 'drive-volumes', run: 'driveVolumes'},
  'mail:attachments': {module: 'mail-attachments', run: 'mailAttachments'},
  'mail:count': {module: 'mail-count', run: 'mailCount'},
  'mail:delete': {module: 'mail-actions', run: 'mailDelete'},
  'mail:download': {module: 'mail-download', run: 'mailDownload'},
  'mail:filters:create': {module: 'mail-filters-create', run: 'mailFiltersCreate'},
  'mail:filters:delete': {module: 'mail-filters-delete', run: 'mailFiltersDelete'},
  'mail:filters:disable': {module: 'mail-filters-toggle', run: 'mailFiltersDisable'},
  'mail:filters:enable': {module: 'mail-filters-toggle', run: 'mailFiltersEnable'},
  'mail:filters:list': {module: 'mail-filters-list', run: 'mailFiltersList'},
  'mail:label': {module: 'mail-actions', run: 'mailLabel'},
  'mail:labels:create': {module: 'mail-labels-create', run: 'mailLabelsCreate'},
  'mail:labels:delete': {module: 'mail-labels-delete', run: 'mailLabelsDelete'},
  'mail:labels:list': {module: 'mail-labels-list', run: 'mailLabelsList'},
  'mail:list': {module: 'mail-list', run: 'mailList'},
  'mail:mark': {module: 'mail-actions', run: 'mailMark'},
  'mail:move': {module: 'mail-actions', run: 'mailMove'},
  'mail:read': {module: 'mail-read', run: 'mailRead'},
  'mail:send': {module: 'mail-send', run: 'mailSend'},
  'mail:settings': {module: 'mail-settings', run: 'mailSettings'},
  'mail:star': {module: 'mail-actions', run: 'mailStar'},
  'mail:trash': {module: 'mail-actions', run: 'mailTrash'},
  'mail:unstar': {module: 'mail-actions', run: 'mailUnstar'},
  'pass:alias:create': {module: 'pass/commands', run: 'passAliasCreate'},
  'pass:alias:options': {module: 'pass/commands', run: 'passAliasOptions'},
  'pass:items:create:login': {module: 'pass/commands', run: 'passItemsCreateLogin'},
  'pass:items:create:note': {module: 'pass/commands', run: 'passItemsCreateNote'},
  'pass:items:delete': {module: 'pass/commands', run: 'passItemsDelete'},
  'pass:items:edit': {module: 'pass/commands', run: 'passItemsEdit'},
  'pass:items:get': {module: 'pass/commands', run: 'passItemsGet'},
  'pass:items:list': {module: 'pass/commands', run: 'passItemsList'},
  'pass:items:restore': {module: 'pass/commands', run: 'passItemsRestore'},
  'pass:items:trash': {module: 'pass/commands', run: 'passItemsTrash'},
  'pass:totp': {module: 'pass/commands', run: 'passTotp'},
  'pass:vaults:create': {module: 'pass/commands', run: 'passVaultsCreate'},
  'pass:vaults:delete': {module: 'pass/commands', run: 'passVaultsDelete'},
  'pass:vaults:list': {module: 'pass/commands', run: 'passVaultsList'},
  version: {module: 'version', run: 'version'},
}

/** Always run by oclif, with the reason. */
export const OCLIF_ONLY: Readonly<Record<string, string>> = {
  'auth:login': 'it may prompt for the user name, password and two-factor code',
  sandbox: 'it serves until stopped, so a faster start buys nothing',
}
