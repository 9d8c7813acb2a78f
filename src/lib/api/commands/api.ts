/** proton api [METHOD] ENDPOINT: one raw request (src/lib/api/raw-request.ts). */
import {fieldsInOrder, type RawRequest, runRawRequest} from '../raw-request.ts'
import {plainCommand} from '../../run/plain-command.ts'

export const api = plainCommand<RawRequest>({
  options: (line) => ({
    endpoint: line.optionalArg('endpoint'),
    fields: fieldsInOrder(line.line.flagsInOrder),
    flags: {
      body: line.optionalString('body'),
      'dry-run': line.boolean('dry-run'),
      header: line.strings('header'),
      include: line.boolean('include'),
      input: line.optionalString('input'),
      'max-pages': line.integer('max-pages'),
      method: line.optionalString('method'),
      'output-file': line.optionalString('output-file'),
      paginate: line.boolean('paginate'),
      query: line.strings('query'),
      silent: line.boolean('silent'),
      slurp: line.boolean('slurp'),
      strict: line.boolean('strict'),
    },
    method: line.arg('method'),
  }),
  run: runRawRequest,
})
