/**
 * What sibling plugins build on: the base commands, the HTTP client, the
 * session store and refresh, the contract's constants, exit statuses,
 * errors and output helpers. Everything here is typed (dist/index.d.ts).
 */
export {type Answer, type Failure, type Outcome, readAnswer} from './lib/output/api-answer.ts'
export {describeApiError} from './lib/output/api-error.ts'
export {baseKey, buildRequestUrl, isLoopbackHost, parseBaseUrl} from './lib/http/api-url.ts'
export {ProtonCommand, type ProtonArgs, type ProtonFlags} from './lib/cli/oclif/base-command.ts'
export * from './lib/contract/contract.ts'
export {DedicatedCommand, dryRunFlag} from './lib/cli/oclif/dedicated-command.ts'
export type {PlannedRequest} from './lib/run/dry-run.ts'
export {sniffJson, type Envelope} from './lib/output/envelope.ts'
export {CliFailure, authError, describeFailure, oneLine, unavailableError, usageError} from './lib/core/errors.ts'
export {EXIT, exitStatusForResponse, type ExitStatus} from './lib/core/exit-status.ts'
export {createApiClient, createTransport, DEFAULT_TIMEOUT_SECONDS, send, type ApiRequest, type ApiResponse, type ClientOptions, type TransportOptions} from './lib/http/client.ts'
export type {JsonValue} from './lib/core/json-value.ts'
export {OUTPUT_FORMATS, toYaml, writeBodyBytes, writeJsonBody, type OutputFormat, type OutputStream} from './lib/output/output.ts'
export {checkSessionDirectory, type DirectoryReport} from './lib/session/directory.ts'
export {refreshSession, type RefreshContext} from './lib/session/refresh.ts'
export {resolveSession, sessionExpired, type ActiveSession, type SessionRequest} from './lib/session/session.ts'
export {SessionStore, checkProfileName, type StoredSession} from './lib/session/store.ts'
