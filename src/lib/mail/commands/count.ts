/**
 * proton mail count: GET /mail/v4/messages/count, the total and unread
 * messages of every mailbox, folder and label ({"Counts": [{"LabelID",
 * "Total", "Unread"}]}: go-proton-api message.go GetGroupedMessageCount,
 * MessageGroupCount in message_types.go; the web client's queryMessageCount
 * adds an AddressID to count one address, which this command does not).
 * In text the labels and folders are named, read with the requests of
 * `mail labels list`; --output json and yaml give the count's answer as
 * received, and ask for nothing else.
 */
import {isRecord, type JsonRecord} from '../../core/records.ts'
import {countsListing} from '../views/message-counts.ts'
import {call} from '../../run/api.ts'
import {showListing} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {DEFAULT_LABEL_TYPES, fetchLabels} from './labels-list.ts'

export const COUNT_PATH = '/mail/v4/messages/count'

export const mailCount = plainCommand<Record<string, never>>({
  options: () => ({}),
  async run(invocation) {
    const answer = await call(invocation, {method: 'GET', path: COUNT_PATH})
    const labels: JsonRecord[] = []
    if (invocation.flags.output === 'text') {
      for (const labelAnswer of await fetchLabels(invocation, DEFAULT_LABEL_TYPES)) {
        const list = isRecord(labelAnswer.data) && Array.isArray(labelAnswer.data.Labels) ? labelAnswer.data.Labels : []
        labels.push(...list.filter((label): label is JsonRecord => isRecord(label)))
      }
    }

    await showListing(invocation, answer, (data) => countsListing(data, labels))
  },
})
