/**
 * The commands the fast path of bin/run.js runs without oclif, by id (as
 * standalone), each loaded only when its line is run: in the bundle
 * (dist/fast/) a dynamic import becomes a function that evaluates that
 * command's modules on first use. The build (scripts/build-fast-path.js)
 * checks that each is the plain function its oclif command runs, and that
 * every command of the manifest is either here or in OCLIF_ONLY.
 */
import type {PlainCommand} from '../runtime/plain-command.ts'

type Load = () => Promise<PlainCommand<unknown>>

export const FAST_COMMANDS: Readonly<Record<string, Load>> = {
  'account:addresses': async () => (await import('./account-addresses.ts')).accountAddresses,
  'account:settings': async () => (await import('./account-settings.ts')).accountSettings,
  'account:show': async () => (await import('./account-show.ts')).accountShow,
  api: async () => (await import('./api.ts')).api,
  'api:endpoints': async () => (await import('./api-endpoints.ts')).apiEndpoints,
  'api:spec:show': async () => (await import('./api-spec-show.ts')).apiSpecShow,
  'api:spec:update': async () => (await import('./api-spec-update.ts')).apiSpecUpdate,
  'api:spec:words': async () => (await import('./api-spec-words.ts')).apiSpecWords,
  'auth:list': async () => (await import('./auth-list.ts')).authList,
  'auth:logout': async () => (await import('./auth-logout.ts')).authLogout,
  'auth:status': async () => (await import('./auth-status.ts')).authStatus,
  'calendar:create': async () => (await import('./calendar-create.ts')).calendarCreate,
  'calendar:delete': async () => (await import('./calendar-delete.ts')).calendarDelete,
  'calendar:list': async () => (await import('./calendar-list.ts')).calendarList,
  'drive:volumes': async () => (await import('./drive-volumes.ts')).driveVolumes,
  'mail:count': async () => (await import('./mail-count.ts')).mailCount,
  'mail:delete': async () => (await import('./mail-actions.ts')).mailDelete,
  'mail:filters:create': async () => (await import('./mail-filters-create.ts')).mailFiltersCreate,
  'mail:filters:delete': async () => (await import('./mail-filters-delete.ts')).mailFiltersDelete,
  'mail:filters:disable': async () => (await import('./mail-filters-toggle.ts')).mailFiltersDisable,
  'mail:filters:enable': async () => (await import('./mail-filters-toggle.ts')).mailFiltersEnable,
  'mail:filters:list': async () => (await import('./mail-filters-list.ts')).mailFiltersList,
  'mail:label': async () => (await import('./mail-actions.ts')).mailLabel,
  'mail:labels:create': async () => (await import('./mail-labels-create.ts')).mailLabelsCreate,
  'mail:labels:delete': async () => (await import('./mail-labels-delete.ts')).mailLabelsDelete,
  'mail:labels:list': async () => (await import('./mail-labels-list.ts')).mailLabelsList,
  'mail:list': async () => (await import('./mail-list.ts')).mailList,
  'mail:mark': async () => (await import('./mail-actions.ts')).mailMark,
  'mail:move': async () => (await import('./mail-actions.ts')).mailMove,
  'mail:read': async () => (await import('./mail-read.ts')).mailRead,
  'mail:settings': async () => (await import('./mail-settings.ts')).mailSettings,
  'mail:star': async () => (await import('./mail-actions.ts')).mailStar,
  'mail:trash': async () => (await import('./mail-actions.ts')).mailTrash,
  'mail:unstar': async () => (await import('./mail-actions.ts')).mailUnstar,
}

/** Always run by oclif, with the reason. */
export const OCLIF_ONLY: Readonly<Record<string, string>> = {
  'auth:login': 'it may prompt for the user name, password and two-factor code',
  sandbox: 'it serves until stopped, so a faster start buys nothing',
}
