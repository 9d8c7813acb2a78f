/**
 * How the contacts commands open cards: without OpenPGP.js when the seal holds the user keys and every card of the
 * contact is of the kinds crypto/direct reads and checks out (issue 45); else with the keys unlocked as usual
 * (account/keys.ts) and OpenPGP.js, which then gives each card's verdict.
 */
import type {PrivateKey} from 'openpgp'

import {directAccount} from '../account/direct-keys.ts'
import {accountKeys, requestAccountKeys} from '../account/keys.ts'
import {directly} from '../crypto/direct/open.ts'
import type {Invocation} from '../run/invocation.ts'
import {type Card, type OpenedCard, openCardDirectly, openCards} from './contact-cards.ts'

export interface CardOpener {
  /** Every card of a contact, opened, in order. */
  open(cards: readonly Card[]): Promise<OpenedCard[]>
}

/** The run's card opener; the key requests start now, beside the command's own. */
export function cardOpener(invocation: Invocation): CardOpener {
  requestAccountKeys(invocation)
  let unlocked: Promise<PrivateKey[]> | undefined
  return {
    async open(cards) {
      const account = await directAccount(invocation)
      const opened = account && (await directly(() => cards.map((card) => openCardDirectly(card, account.userKeys)), account.fellBack('contact cards opened')))
      if (account && opened) {
        account.done('contact cards opened')
        return opened
      }

      unlocked ??= accountKeys(invocation).then(({userKeys}) => userKeys)
      return openCards(cards, await unlocked)
    },
  }
}
