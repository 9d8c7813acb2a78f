/**
 * What sibling plugins build on: the base commands, the HTTP client, the
 * session store and refresh, the contract's constants, exit statuses,
 * errors and output helpers. Everything here is typed (dist/index.d.ts).
 */
export {type Answer, type Failure, type Outcome, readAnswer} from './lib/api-answer.ts'
export {describeApiError} from './lib/api-error.ts'
export {baseKey, buildRequestUrl, isLoopbackHost, parseBaseUrl} from './lib/api-url.ts'
export {ProtonCommand, type ProtonArgs, type ProtonFlags} from './lib/base-command.ts'
export * from './lib/contract.ts'
export {DedicatedCommand, dryRunFlag} from './lib/dedicated-command.ts'
export type {PlannedRequest} from './lib/dry-run.ts'
export {sniffJson, type Envelope} from './lib/envelope.ts'
export {CliFailure, authError, describeFailure, oneLine, unavailableError, usageError} from './lib/errors.ts'
export {EXIT, exitStatusForResponse, type ExitStatus} from './lib/exit-status.ts'
export {
  createApiClient,
  createTransport,
  DEFAULT_TIMEOUT_SECONDS,
  send,
  type ApiRequest,
  type ApiResponse,
  type ClientOptions,
  type TransportOptions,
} from './lib/http-client.ts'
export type {JsonValue} from './lib/json-value.ts'
export {OUTPUT_FORMATS, toYaml, writeBodyBytes, writeJsonBody, type OutputFormat, type OutputStream} from './lib/output.ts'
export {checkSessionDirectory, type DirectoryReport} from './lib/session-directory.ts'
export {refreshSession, type RefreshContext} from './lib/session-refresh.ts'
export {resolveSession, sessionExpired, type ActiveSession, type SessionRequest} from './lib/session.ts'
export {SessionStore, checkProfileName, type StoredSession} from './lib/session-store.ts'
