import {expect} from 'chai'

import {MAX_BODY_BYTES} from '../../../src/sandbox/http/server.ts'
import type {StoredSession} from '../../../src/lib/session/store.ts'
import {type Harness, startHarness} from '../harness.ts'

describe('sandbox validation', () => {
  let harness: Harness
  let session: StoredSession
  let addressId: string
  const label = {Color: '#8080FF', Name: 'Checked', Type: 1}
  const calendar = () => ({AddressID: addressId, Color: '#7272a7', Display: 1, Name: 'Checked'})

  before(async () => {
    harness = await startHarness()
    session = await harness.login()
    addressId = ((await harness.call('GET', '/core/v4/addresses', {session})).json!.Addresses as {ID: string}[])[0].ID
  })
  after(() => harness.close())

  const refused = (path: string, body: unknown, status: number, code: number, error: RegExp) =>
    it(`${path} ${JSON.stringify(body).slice(0, 80)} → ${status} / ${code}`, async () => {
      const answer = await harness.call('POST', path, {body, session})
      expect(answer.status).to.equal(status)
      expect(answer.json).to.include({Code: code})
      expect(answer.json!.Error).to.match(error)
    })

  describe('labels', () => {
    refused('/mail/v4/labels', {...label, Name: undefined}, 422, 2000, /Name is required/)
    refused('/mail/v4/labels', {...label, Name: 42}, 422, 2000, /Name must be a string/)
    refused('/mail/v4/labels', {...label, Name: '   '}, 422, 2000, /must not be empty/)
    refused('/mail/v4/labels', {...label, Name: 'x'.repeat(101)}, 422, 2000, /at most 100/)
    refused('/mail/v4/labels', {...label, Color: undefined}, 422, 2000, /Color is required/)
    for (const color of ['8080FF', '#8080F', '#8080FFF', '#GGGGGG', 'red', 8421631]) {
      refused('/mail/v4/labels', {...label, Color: color}, 422, 2000, /#RRGGBB/)
    }

    refused('/mail/v4/labels', {...label, Type: undefined}, 422, 2000, /Type is required/)
    for (const type of [0, 5, -1, 1.5, '1', true, null, 2 ** 53]) {
      refused('/mail/v4/labels', {...label, Type: type}, 422, 2000, /Type (must be one of|is required)/)
    }

    for (const huge of ['1e400', '-1e400', '100000000000000000000000000001']) {
      it(`refuses Type ${huge} (a huge number in the JSON text)`, async () => {
        const answer = await harness.call('POST', '/mail/v4/labels', {body: `{"Name":"Huge","Color":"#8080FF","Type":${huge}}`, session})
        expect(answer.status).to.equal(422)
        expect(answer.json).to.include({Code: 2000})
      })
    }

    it('accepts label types 1–3; system folders (4) are the service’s own', async () => {
      for (const type of [1, 2, 3]) {
        const answer = await harness.call('POST', '/mail/v4/labels', {body: {...label, Name: `Type ${type}`, Type: type}, session})
        expect(answer.status, `Type ${type}`).to.equal(200)
      }

      const system = await harness.call('POST', '/core/v4/labels', {body: {...label, Name: 'Type 4', Type: 4}, session})
      expect(system.status).to.equal(422)
      expect(system.json).to.include({Code: 2000})
    })

    for (const setting of ['Notify', 'Expanded', 'Sticky', 'Display']) {
      refused('/core/v4/labels', {...label, Name: `Bad ${setting}`, [setting]: 2}, 422, 2000, new RegExp(`${setting} must be 0 or 1`))
    }

    refused('/core/v4/labels', {...label, Name: 'Parent of a label', ParentID: 'x'}, 422, 2000, /ParentID can only be set for folders/)
    refused('/core/v4/labels', {...label, Name: 'Unknown parent', ParentID: 'no-such-folder', Type: 3}, 422, 2061, /ParentID is not a folder/)
    refused('/core/v4/labels', {...label, Name: 'Numeric parent', ParentID: 7, Type: 3}, 422, 2000, /ParentID must be a label ID/)
  })

  describe('calendars', () => {
    it('refuses a missing Name or a bad Color', async () => {
      for (const body of [
        {...calendar(), Name: undefined},
        {...calendar(), Color: '#12'},
      ]) {
        const answer = await harness.call('POST', '/calendar/v1', {body, session})
        expect(answer.status).to.equal(422)
        expect(answer.json).to.include({Code: 2000})
      }
    })

    for (const display of [2, -1, '1', 0.5]) {
      it(`refuses Display ${JSON.stringify(display)}`, async () => {
        const answer = await harness.call('POST', '/calendar/v1', {body: {...calendar(), Display: display}, session})
        expect(answer.status).to.equal(422)
        expect(answer.json!.Error).to.match(/Display must be one of 0, 1/)
      })
    }

    it('refuses a missing AddressID with Code 2000', async () => {
      const answer = await harness.call('POST', '/calendar/v1', {body: {...calendar(), AddressID: undefined}, session})
      expect(answer.status).to.equal(422)
      expect(answer.json).to.include({Code: 2000})
    })

    for (const address of ['not-an-address-of-this-account==', 12, ['x']]) {
      it(`refuses AddressID ${JSON.stringify(address)} with Code 2061`, async () => {
        const answer = await harness.call('POST', '/calendar/v1', {body: {...calendar(), AddressID: address}, session})
        expect(answer.status).to.equal(422)
        expect(answer.json).to.include({Code: 2061})
      })
    }

    it('defaults Display to 1 (visible), kept on the calendar’s member', async () => {
      const answer = await harness.call('POST', '/calendar/v1', {body: {...calendar(), Display: undefined}, session})
      expect((answer.json!.Calendar as {Members: unknown[]}).Members[0]).to.include({Display: 1})
    })
  })

  describe('bodies', () => {
    it('answers a body that is not JSON with 400 and Code 2000', async () => {
      const answer = await harness.call('POST', '/mail/v4/labels', {body: '{"Name":', session})
      expect(answer.status).to.equal(400)
      expect(answer.json).to.deep.equal({Code: 2000, Error: 'The body is not valid JSON'})
    })

    for (const body of ['[]', '"text"', '12', 'null']) {
      it(`answers the JSON body ${body} with 422: not an object`, async () => {
        const answer = await harness.call('POST', '/mail/v4/labels', {body, session})
        expect(answer.status).to.equal(422)
        expect(answer.json!.Error).to.equal('The body must be a JSON object')
      })
    }

    it(`answers a body over ${MAX_BODY_BYTES} bytes with 413 JSON, and keeps serving`, async () => {
      const body = JSON.stringify({Color: '#8080FF', Name: 'x'.repeat(MAX_BODY_BYTES), Type: 1})
      const answer = await harness.call('POST', '/mail/v4/labels', {body, session})
      expect(answer.status).to.equal(413)
      expect(answer.json).to.include({Code: 2000})
      expect((await harness.call('GET', '/core/v4/users', {session})).status).to.equal(200)
    })
  })
})
