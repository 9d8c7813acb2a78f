/**
 * The contacts routes (WebClients packages/shared/lib/api/contacts.ts; go-proton-api contact.go):
 *
 * - GET /contacts/v4/contacts?Page&PageSize → {Contacts (metadata), Total}, at most 1000 a page;
 * - GET /contacts/v4/contacts/export?Page&PageSize → {Contacts: [{ID, Cards}], Total}, at most 50 a page
 *   (QUERY_EXPORT_MAX_PAGESIZE);
 * - GET /contacts/v4/contacts/emails?Email&Page&PageSize → {ContactEmails, Total};
 * - GET /contacts/v4/contacts/ID → {Contact} with its Cards;
 * - POST /contacts/v4/contacts {Contacts: [{Cards}], Overwrite, Labels} → Code 1001 and {Index, Response} per
 *   contact (CreateContactsRes);
 * - PUT /contacts/v4/contacts/ID {Cards} → {Contact}, its cards replaced (updateContact);
 * - PUT /contacts/v4/contacts/delete {IDs} → Code 1001 and {ID, Response} per ID, 2501 for an unknown one.
 */
import {CODE} from '../../../lib/contract/contract.ts'
import {SandboxError} from '../../backend/api-error.ts'
import type {Route, RouteRequest} from '../../backend/route-types.ts'
import {CONTACTS_PER_REQUEST, ContactStore} from '../../backend/contacts-store.ts'

const BASE = '/contacts/v4/contacts'

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

/** Page (from 0) and PageSize (1 to `max`, default `fallback`), as the query gives them. */
function paging(query: URLSearchParams, max: number, fallback: number): {page: number; pageSize: number} {
  const number = (name: string, given: string | null, low: number, high: number) => {
    if (given === null) return undefined
    const value = /^\d{1,7}$/.test(given) ? Number(given) : Number.NaN
    if (!(value >= low && value <= high)) throw invalid(`${name} must be an integer from ${low} to ${high}`)
    return value
  }

  return {page: number('Page', query.get('Page'), 0, 1_000_000) ?? 0, pageSize: number('PageSize', query.get('PageSize'), 1, max) ?? fallback}
}

function create(store: ContactStore, request: RouteRequest): Record<string, unknown> {
  const {Contacts: contacts, Labels: labels, Overwrite: overwrite} = request.json()
  if (!Array.isArray(contacts) || contacts.length === 0 || contacts.length > CONTACTS_PER_REQUEST) throw invalid(`Contacts must hold 1 to ${CONTACTS_PER_REQUEST} contacts`)
  if (overwrite !== 0 && overwrite !== 1) throw invalid('Overwrite must be 0 or 1')
  if (labels !== undefined && labels !== 0 && labels !== 1) throw invalid('Labels must be 0 or 1')
  const Responses = contacts.map((contact, Index) => {
    try {
      return {Index, Response: {Code: CODE.SINGLE_SUCCESS, Contact: store.add(contact, `Contacts[${Index}]`, overwrite === 1)}}
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error
      return {Index, Response: {Code: error.code, Error: error.message}}
    }
  })
  return {Code: CODE.GLOBAL_SUCCESS, Responses}
}

function remove(store: ContactStore, request: RouteRequest): Record<string, unknown> {
  const {IDs: ids} = request.json()
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > CONTACTS_PER_REQUEST || !ids.every((id) => typeof id === 'string'))
    throw invalid(`IDs must hold 1 to ${CONTACTS_PER_REQUEST} contact IDs`)
  const Responses = (ids as string[]).map((ID) => ({ID, Response: store.delete(ID) ? {Code: CODE.SINGLE_SUCCESS} : {Code: CODE.NOT_FOUND_ERROR, Error: 'Contact does not exist'}}))
  return {Code: CODE.GLOBAL_SUCCESS, Responses}
}

export function contactRoutes(store: ContactStore): Route[] {
  const success = {Code: CODE.SINGLE_SUCCESS}
  return [
    {
      access: 'full',
      handle: ({query}) => {
        const {page, pageSize} = paging(query, 1000, 100)
        const {items, total} = store.page(page, pageSize)
        return {...success, Contacts: items.map((contact) => ContactStore.metadata(contact)), Total: total}
      },
      method: 'GET',
      path: new RegExp(`^${BASE}$`),
    },
    {
      access: 'full',
      handle: ({query}) => {
        const {page, pageSize} = paging(query, 50, 50)
        const {items, total} = store.page(page, pageSize)
        return {...success, Contacts: items.map(({Cards, ID}) => ({Cards, ID})), Total: total}
      },
      method: 'GET',
      path: new RegExp(`^${BASE}/export$`),
    },
    {
      access: 'full',
      handle: ({query}) => {
        const {page, pageSize} = paging(query, 1000, 100)
        const {items, total} = store.emails(query.get('Email'), page, pageSize)
        return {...success, ContactEmails: items, Total: total}
      },
      method: 'GET',
      path: new RegExp(`^${BASE}/emails$`),
    },
    {access: 'full', handle: (request) => create(store, request), method: 'POST', path: new RegExp(`^${BASE}$`)},
    {access: 'full', handle: (request) => remove(store, request), method: 'PUT', path: new RegExp(`^${BASE}/delete$`)},
    {access: 'full', handle: ({params}) => ({...success, Contact: store.get(params[0])}), method: 'GET', path: new RegExp(`^${BASE}/([^/]+)$`)},
    {access: 'full', handle: (request) => ({...success, Contact: store.update(request.params[0], request.json())}), method: 'PUT', path: new RegExp(`^${BASE}/(?!delete$)([^/]+)$`)},
  ]
}
