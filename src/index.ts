/**
 * What sibling plugins build on: the base command, the HTTP client, the
 * session store and the contract's constants.
 */
export {baseKey, buildRequestUrl, isLoopbackHost, parseBaseUrl} from './lib/api-url.ts'
export {ProtonCommand, type ProtonArgs, type ProtonFlags} from './lib/base-command.ts'
export * from './lib/contract.ts'
export {sniffJson, type Envelope} from './lib/envelope.ts'
export {CliFailure, authError, describeFailure, unavailableError, usageError} from './lib/errors.ts'
export {EXIT, exitStatusForResponse, type ExitStatus} from './lib/exit-status.ts'
export {createApiClient, send, type ApiRequest, type ApiResponse, type ClientOptions} from './lib/http-client.ts'
export {resolveSession, type ActiveSession} from './lib/session.ts'
export {SessionStore, checkProfileName, type StoredSession} from './lib/session-store.ts'
