/**
 * proton mail filters delete ID…: DELETE /mail/v4/filters/<id> for each
 * (WebClients api/filters.ts deleteFilter), once confirmed.
 */
import {perIdCommand} from '../../run/per-id.ts'

export const mailFiltersDelete = perIdCommand({confirm: true, done: 'Deleted', noun: 'filter', request: (id) => ({method: 'DELETE', path: `/mail/v4/filters/${id}`})})
