/**
 * A ProtonDriveClient of @protontech/drive-sdk for one run, every part it
 * injects built on the project's own (the SDK's README and
 * src/interface/index.ts ProtonDriveClientContructorParameters):
 *
 * - httpClient: DriveHttp (http.ts), over the project's client;
 * - account: the session's addresses and keys (drive/drive-account.ts):
 *   read from the seal directly when it holds them (account/direct-keys.ts),
 *   and then unlocked with OpenPGP.js only if something falls back;
 * - openPGPCryptoModule: the SDK's OpenPGPCryptoWithCryptoProxy over a proxy
 *   on OpenPGP.js (drive/drive-crypto.ts);
 * - config.clientUid: the profile's own (client-uid.ts), so the SDK clears
 *   a draft an interrupted upload of this profile left behind;
 * - caches: the SDK's MemoryCache, for this run only;
 * - telemetry: a logger and a metrics sink that drop everything (the
 *   SDK's default logs to the console);
 * - srpModule: public links are not used, so it refuses.
 *
 * Before the SDK is asked anything, My Files is looked up (GET
 * drive/v2/shares/my-files); when the account has none, the command ends
 * with a line naming `drive init` rather than letting the SDK create it.
 * The answer is handed to the SDK as its own first request.
 */
import type {OpenPGPCrypto, ProtonDriveAccount, ProtonDriveClient, ProtonDriveClientContructorParameters, ProtonDriveTelemetry} from '@protontech/drive-sdk'

import {buildRequestUrl} from '../http/api-url.ts'
import {readAnswer} from '../output/api-answer.ts'
import {isRecord} from '../core/records.ts'
import {commandLine} from '../core/command-names.ts'
import {activeSession, settle} from '../run/api.ts'
import {EXIT} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import {driveAccess} from './drive-account.ts'
import {driveClientUid} from './client-uid.ts'
import {driveFailure, isOpenpgpError} from './failures.ts'
import {DriveHttp, DriveSetupMissing, SDK_BASE_HOST} from './http.ts'

/** GET drive/v2/shares/my-files (SDK src/internal/shares/apiService.ts getMyFiles). */
export const MY_FILES_PATH = '/drive/v2/shares/my-files'

/** The service's Code for "not found" (SDK src/internal/apiService/errorCodes.ts NOT_EXISTS). */
const NOT_FOUND_CODE = 2501

export type DriveSdk = typeof import('@protontech/drive-sdk')

export interface Drive {
  client: ProtonDriveClient
  http: DriveHttp
  /** The account and crypto module the client was given (drive info's manifest check uses them: manifest.ts). */
  account: ProtonDriveAccount
  crypto: OpenPGPCrypto
  sdk: DriveSdk
  /** False only for `drive init` on an account without My Files. */
  myFilesExisted: boolean
  /** Seals the node keys unlocked in the run (when the account's keys were unlocked at all); says, with DEBUG, what was read directly. */
  finish(): Promise<void>
}

const silent = {debug() {}, error() {}, info() {}, warn() {}}
const telemetry: ProtonDriveTelemetry = {getLogger: () => silent, recordMetric() {}}

const refusingSrp: ProtonDriveClientContructorParameters['srpModule'] = {
  computeKeyPassword: () => Promise.reject(new Error('public links are not supported')),
  getSrp: () => Promise.reject(new Error('public links are not supported')),
  getSrpVerifier: () => Promise.reject(new Error('public links are not supported')),
}

/** The Code of an error answer's JSON, if it has one. */
function codeOf(json: Buffer | undefined): unknown {
  try {
    const data: unknown = json && JSON.parse(json.toString('utf8'))
    return isRecord(data) ? data.Code : undefined
  } catch {
    return undefined
  }
}

export interface OpenDriveOptions {
  /** `drive init`: My Files may be missing, and the SDK may create it. */
  init?: boolean
}

/** The run's client; ends the command when the session holds no keys or (unless init) My Files is missing. */
export async function openDrive(invocation: Invocation, {init = false}: OpenDriveOptions = {}): Promise<Drive> {
  const session = await activeSession(invocation)
  const initCommand = commandLine(invocation.context.names, 'drive:init')
  const [access, myFiles, sdk] = await Promise.all([
    driveAccess(invocation, session),
    invocation.request(session, {method: 'GET', url: buildRequestUrl(session.apiUrl, MY_FILES_PATH)}),
    import('@protontech/drive-sdk'),
  ])
  const outcome = readAnswer(myFiles)
  const missing = !outcome.ok && codeOf(outcome.failure.json) === NOT_FOUND_CODE
  if (missing && !init) throw new DriveSetupMissing(`My Files is missing on this account (no drive volume): run "${initCommand}" to create it`, EXIT.NOT_FOUND)
  if (!outcome.ok && !missing) invocation.exit((await settle(invocation, outcome)) as number)

  const {account: drive, finish, proxy} = await access.open()
  const http = new DriveHttp(invocation, session, {createVolume: init, initCommand, preset: outcome.ok ? {[MY_FILES_PATH]: myFiles} : {}})
  const crypto = new sdk.OpenPGPCryptoWithCryptoProxy(proxy)
  const client = new sdk.ProtonDriveClient({
    account: drive,
    config: {baseUrl: SDK_BASE_HOST, clientUid: driveClientUid(invocation.context.configDir, invocation.flags.profile)},
    cryptoCache: new sdk.MemoryCache(),
    entitiesCache: new sdk.MemoryCache(),
    httpClient: http,
    openPGPCryptoModule: crypto,
    srpModule: refusingSrp,
    telemetry,
  })
  return {account: drive, client, crypto, finish, http, myFilesExisted: !missing, sdk}
}

/**
 * The SDK starts some work in parallel and awaits it in turn (src/internal/nodes/cryptoService.ts decryptNode: the
 * content key packet's promise is awaited only after the active revision's), so OpenPGP.js's rejection of a key the
 * server swapped may wait unhandled for a moment before the SDK catches it and reports the node degraded: Node would
 * end the process on it, printing OpenPGP.js's source and a stack trace. Once a drive is opened, such rejections (an
 * OpenPGP.js error: failures.ts) are let be, for the SDK to handle or abandon; any other still ends the process.
 * A download of such a node is refused (downloadInto), `drive info` names its problems.
 */
function toleratePgpRejections(): void {
  if (process.listeners('unhandledRejection').includes(pgpRejection)) return
  process.on('unhandledRejection', pgpRejection)
  // Handled late, as the SDK does: no PromiseRejectionHandledWarning on stderr (Node warns only when no one listens).
  process.on('rejectionHandled', () => {})
}

/** Any other rejection ends the process as Node would, unless another listener holds it (upload's holdAbandonedBlocks). */
function pgpRejection(reason: unknown): void {
  if (!isOpenpgpError(reason) && process.listenerCount('unhandledRejection') === 1) throw reason
}

/** Open the run's drive and do `work` on it, whatever the SDK throws made one line and an exit status (failures.ts). */
export async function onDrive<T>(invocation: Invocation, work: (drive: Drive) => Promise<T>, options: OpenDriveOptions = {}): Promise<T> {
  const drive = await openDrive(invocation, options)
  toleratePgpRejections()
  try {
    return await work(drive)
  } catch (error) {
    throw driveFailure(error, drive.http)
  } finally {
    await drive.finish()
  }
}
