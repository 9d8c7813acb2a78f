/**
 * proton mail filters enable|disable ID…: PUT /mail/v4/filters/<id>/enable
 * or /disable for each, as the web client's enableFilter and disableFilter
 * send them (WebClients api/filters.ts): no body.
 */
import {perIdCommand} from '../../run/per-id.ts'

export const mailFiltersEnable = perIdCommand({done: 'Enabled', noun: 'filter', request: (id) => ({method: 'PUT', path: `/mail/v4/filters/${id}/enable`})})
export const mailFiltersDisable = perIdCommand({done: 'Disabled', noun: 'filter', request: (id) => ({method: 'PUT', path: `/mail/v4/filters/${id}/disable`})})
