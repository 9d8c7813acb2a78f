/**
 * The mail routes of messages, attachments and labels: the listing (GET, or go-proton-api's POST that says it means
 * GET), drafts and sending (the outbox), attachments up and down, the actions on messages, one message, and the labels
 * at both places the clients name them.
 */
import {CODE, LABEL_TYPE} from '../../../lib/contract/contract.ts'
import {SandboxError} from '../../backend/api-error.ts'
import {RawAnswer, type Route} from '../../backend/route-types.ts'
import type {SandboxState} from '../../backend/state.ts'
import {labelChange, labelInput} from '../../backend/validation.ts'
import {messageActionRoutes} from './message-actions.ts'
import {answerMessages, messageQuery, queryFields} from './messages.ts'

const ID = '([^/]+)'

/** Type, once or repeated (go-proton-api's server reads it as a list): each a known label type. */
function labelTypes(query: URLSearchParams): number[] {
  return query.getAll('Type').map((text) => {
    const type = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN
    if (!Object.hasOwn(LABEL_TYPE, type)) {
      throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, `Type must be one of ${Object.keys(LABEL_TYPE).join(', ')}`)
    }

    return type
  })
}

export function mailRoutes(state: SandboxState): Route[] {
  const success = {Code: CODE.SINGLE_SUCCESS}
  const labelRoutes = (prefix: string): Route[] => [
    {access: 'full', handle: ({query}) => ({...success, Labels: state.labels.list(labelTypes(query))}), method: 'GET', path: new RegExp(`^${prefix}$`)},
    {access: 'full', handle: (request) => ({...success, Label: state.labels.create(labelInput(request.json()))}), method: 'POST', path: new RegExp(`^${prefix}$`)},
    {
      access: 'full',
      handle: (request) => ({...success, Label: state.labels.update(request.params[0], labelChange(request.json()))}),
      method: 'PUT',
      path: new RegExp(`^${prefix}/${ID}$`),
    },
    {
      access: 'full',
      handle: ({params}) => {
        state.labels.delete(params[0])
        return success
      },
      method: 'DELETE',
      path: new RegExp(`^${prefix}/${ID}$`),
    },
  ]

  return [
    {access: 'full', handle: ({query}) => answerMessages(state.messages, messageQuery(queryFields(query))), method: 'GET', path: /^\/mail\/v4\/messages$/},
    {
      access: 'full',
      handle: (request) => {
        // go-proton-api lists with a POST that says it means GET, its filter in the body; without it, a draft.
        if (String(request.headers['x-http-method-override'] ?? '').toUpperCase() !== 'GET') return state.outbox.createDraft(request.json())
        return answerMessages(state.messages, messageQuery(request.json()))
      },
      method: 'POST',
      path: /^\/mail\/v4\/messages$/,
    },
    {access: 'full', handle: ({params, ...request}) => state.outbox.send(params[0], request.json()), method: 'POST', path: new RegExp(`^/mail/v4/messages/${ID}$`)},
    {access: 'full', handle: ({body, headers}) => state.outbox.uploadAttachment(headers['content-type'], body), method: 'POST', path: /^\/mail\/v4\/attachments$/},
    // Before GET /mail/v4/messages/{id}: /mail/v4/messages/count is the counts, not a message.
    ...messageActionRoutes(state),
    {
      access: 'full',
      handle: ({params}) => {
        const message = state.fullMessage(params[0])
        if (!message) throw new SandboxError(404, CODE.NOT_FOUND_ERROR, 'Message does not exist')
        return {...success, Message: message}
      },
      method: 'GET',
      path: new RegExp(`^/mail/v4/messages/${ID}$`),
    },
    {
      access: 'full',
      // go-proton-api attachment.go GetAttachment: the bytes of the encrypted data packet, not JSON; its KeyPackets come with the message.
      handle: ({params}) => {
        const data = state.attachmentData.get(params[0])
        if (data === undefined) throw new SandboxError(404, CODE.NOT_FOUND_ERROR, 'Attachment does not exist')
        return new RawAnswer(Buffer.from(data, 'base64'))
      },
      method: 'GET',
      path: new RegExp(`^/mail/v4/attachments/${ID}$`),
    },
    // The contract's table names /mail/v4/labels; the official clients use /core/v4/labels. Both are served.
    ...labelRoutes('/mail/v4/labels'),
    ...labelRoutes('/core/v4/labels'),
  ]
}
