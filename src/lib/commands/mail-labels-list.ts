/** proton mail labels list (GET /mail/v4/labels), optionally of one type. */
import {call, show} from '../runtime/dedicated.ts'
import {LABEL_TYPE_WORDS, type LabelTypeWord, labelTypeValue, parseLabelType} from '../request/input-checks.ts'
import {labelsText} from '../output/views/labels.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export const LABEL_LIST_TYPES = Object.keys(LABEL_TYPE_WORDS) as LabelTypeWord[]

export const mailLabelsList = plainCommand<{type?: string}>({
  options: (line) => ({type: line.optionalString('type')}),
  async run(invocation, options) {
    const type = options.type === undefined ? undefined : labelTypeValue(parseLabelType(options.type, LABEL_LIST_TYPES))
    const query: Array<[string, string]> = type === undefined ? [] : [['Type', String(type)]]
    await show(invocation, await call(invocation, {method: 'GET', path: '/mail/v4/labels', query}), labelsText)
  },
})
