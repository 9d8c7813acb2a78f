/**
 * The built-in API description: the endpoints the contract documents, with
 * the request fields it names, the two reads the tool's own commands rely
 * on (addresses, the label list), and the Sieve filter the web client
 * creates, whose body the published description types otherwise. Always
 * present: merged into the
 * shipped or stored description (and winning there), alone without them.
 */
import {CALENDAR_DISPLAY, LABEL_TYPE} from '../contract/contract.ts'
import {SIEVE_FILTER_VERSION} from '../contract/mailbox-enums.ts'
import type {Operation} from './types.ts'

const HEX_COLOUR = '^#[0-9A-Fa-f]{6}$'

const values = (enumeration: object): number[] => Object.keys(enumeration).map(Number)

export const BUILTIN_SOURCE = 'built-in'

export const BUILTIN_OPERATIONS: readonly Operation[] = [
  {deprecated: false, method: 'GET', path: '/core/v4/users', query: [], summary: 'Get the user of the session'},
  {deprecated: false, method: 'GET', path: '/drive/volumes', query: [], summary: 'List the drive volumes'},
  {
    deprecated: false,
    method: 'GET',
    path: '/mail/v4/messages',
    query: [
      {name: 'Page', type: 'integer'},
      {name: 'PageSize', type: 'integer'},
    ],
    summary: 'List messages, one page at a time (Page is zero-based)',
  },
  {deprecated: false, method: 'GET', path: '/calendar/v1', query: [], summary: 'List calendars'},
  {
    body: {
      properties: {
        AddressID: {type: 'string'},
        Color: {pattern: HEX_COLOUR, type: 'string'},
        Display: {enum: values(CALENDAR_DISPLAY), type: 'integer'},
        Name: {type: 'string'},
      },
      required: ['Name'],
      type: 'object',
    },
    deprecated: false,
    method: 'POST',
    path: '/calendar/v1',
    query: [],
    summary: 'Create a calendar',
  },
  {
    body: {
      properties: {
        Color: {pattern: HEX_COLOUR, type: 'string'},
        Name: {type: 'string'},
        Type: {enum: values(LABEL_TYPE), type: 'integer'},
      },
      required: ['Name'],
      type: 'object',
    },
    deprecated: false,
    method: 'POST',
    path: '/mail/v4/labels',
    query: [],
    summary: 'Create a label or folder',
  },
  {deprecated: false, method: 'DELETE', path: '/mail/v4/labels/{labelID}', query: [], summary: 'Delete a label'},
  // Read by the tool's own commands (labels list, calendar create's default address).
  {deprecated: false, method: 'GET', path: '/mail/v4/labels', query: [{name: 'Type', type: 'integer'}], summary: 'List labels, folders or contact groups (Type)'},
  {deprecated: false, method: 'GET', path: '/core/v4/addresses', query: [], summary: 'List the addresses of the account'},
  // Where the client overrides the published description: it types Version as a string, the web client's
  // addSieveFilter (WebClients api/filters.ts) sends the number (FILTER_VERSION 2; 1 for older filters).
  {
    body: {
      properties: {
        Name: {type: 'string'},
        Sieve: {type: 'string'},
        Version: {enum: [1, SIEVE_FILTER_VERSION], type: 'integer'},
      },
      required: ['Name', 'Sieve', 'Version'],
      type: 'object',
    },
    deprecated: false,
    method: 'POST',
    path: '/mail/v4/filters',
    query: [],
    summary: 'Create a Sieve filter',
  },
]
