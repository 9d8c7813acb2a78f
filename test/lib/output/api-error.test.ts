/** The one stderr line that explains an API error, a body that is not JSON, or a refused redirect. */
import {expect} from 'chai'

import {bodyShape, codeText, describeApiError, describeNotJson, describeRefusedRedirect, errorText, statusText} from '../../../src/lib/output/api-error.ts'

describe('api-error: the error line', () => {
  it('names a Code the contract or the service’s codes name, and leaves an unknown one a number', () => {
    expect(codeText(2501)).to.equal('Code 2501 NOT_FOUND_ERROR')
    expect(codeText(5003)).to.equal('Code 5003 APP_VERSION_BAD')
    expect(codeText(424_242)).to.equal('Code 424242')
  })

  it('the status with its reason phrase escaped, or without one', () => {
    expect(statusText(404, 'Not Found')).to.equal('HTTP 404 Not Found')
    expect(statusText(404, '')).to.equal('HTTP 404')
    expect(statusText(400, 'Bad \u001B[31mRed')).to.equal(String.raw`HTTP 400 Bad \x1b[31mRed`)
  })

  it('the service’s Error on one line, trimmed, controls visible, cut at 500 characters', () => {
    expect(errorText('  two\nlines\t ')).to.equal(String.raw`two\nlines`)
    const long = errorText('x'.repeat(600))
    expect(long).to.have.length(500)
    expect(long.endsWith('x…')).to.equal(true)
  })

  it('describeApiError: status, Code and Error, with a hint where the tool knows what to do', () => {
    expect(describeApiError(404, 'Not Found', {code: 2501, error: 'Label does not exist', valid: true})).to.equal('HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist')
    expect(describeApiError(500, 'Internal Server Error')).to.equal('HTTP 500 Internal Server Error')
    expect(describeApiError(401, 'Unauthorized', {code: 401, valid: true})).to.equal('HTTP 401 Unauthorized, Code 401')
    expect(describeApiError(400, 'Bad Request', {code: 5001, error: 'x-pm-appversion missing', valid: true})).to.equal(
      'HTTP 400 Bad Request, Code 5001 APP_VERSION_MISSING: x-pm-appversion missing (set --app-version or PROTON_APP_VERSION)',
    )
  })

  it('describeNotJson and describeRefusedRedirect: the service’s text escaped', () => {
    expect(describeNotJson(502, 'Bad Gateway', 'text/html', 20)).to.equal('HTTP 502 Bad Gateway: the answer is not JSON (text/html, 20 bytes)')
    expect(describeNotJson(200, 'OK', undefined, 0)).to.equal('HTTP 200 OK: the answer is not JSON (no content type, 0 bytes)')
    expect(describeRefusedRedirect(302, 'https://evil.example/\u001B]8;;x')).to.equal(
      String.raw`HTTP 302: redirect to https://evil.example/\x1b]8;;x not followed (credentials stay with the session's origin)`,
    )
  })

  it('says what a body that is not JSON looks like: a page, other markup, JSON cut short, or text', () => {
    expect(bodyShape(Buffer.from('\r\n<!DOCTYPE html><html>…'))).to.equal('an HTML page')
    expect(bodyShape(Buffer.from('<html>\r\n<head><title>502 Bad Gateway</title>'))).to.equal('an HTML page')
    expect(bodyShape(Buffer.from('<?xml version="1.0"?><Error/>'))).to.equal('markup')
    expect(bodyShape(Buffer.from('  {"Code":1000,"User":{"Keys":[{"PrivateKey":"-----BEGIN'))).to.equal('JSON cut short')
    expect(bodyShape(Buffer.from('[1,2'))).to.equal('JSON cut short')
    expect(bodyShape(Buffer.from('upstream connect error'))).to.equal('text')
  })
})
