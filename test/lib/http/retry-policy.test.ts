/** When to send a request again, and after how long. */
import {expect} from 'chai'

import {backoffMs, BACKOFF_CAP_MS, parseRetryAfter, RETRY_AFTER_CAP_MS, retryDelayMs, retryReason} from '../../../src/lib/http/retry-policy.ts'

describe('retry policy', () => {
  it('retries 429 and 503 for every method, other 5xx and network failures only for idempotent ones', () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'POST', 'PATCH']) {
      expect(retryReason(method, {status: 429}), method).to.equal('HTTP 429')
      expect(retryReason(method, {status: 503}), method).to.equal('HTTP 503')
    }

    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']) {
      expect(retryReason(method, {status: 502}), method).to.equal('HTTP 502')
      expect(retryReason(method, {networkError: 'ECONNRESET'}), method).to.equal('ECONNRESET')
    }

    for (const method of ['POST', 'PATCH']) {
      expect(retryReason(method, {status: 500}), method).to.equal(undefined)
      expect(retryReason(method, {status: 502}), method).to.equal(undefined)
      expect(retryReason(method, {networkError: 'ECONNRESET'}), method).to.equal(undefined)
    }

    for (const status of [200, 400, 401, 404, 409, 422]) expect(retryReason('GET', {status})).to.equal(undefined)
  })

  it('reads Retry-After as seconds or an HTTP date, capped, and ignores nonsense', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(parseRetryAfter('0', now)).to.equal(0)
    expect(parseRetryAfter(' 3 ', now)).to.equal(3000)
    expect(parseRetryAfter('86400', now)).to.equal(RETRY_AFTER_CAP_MS)
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).to.equal(5000)
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).to.equal(0)
    expect(parseRetryAfter('Thu, 02 Jan 2025 00:00:00 GMT', now)).to.equal(RETRY_AFTER_CAP_MS)
    expect(parseRetryAfter('soon', now)).to.equal(undefined)
    expect(parseRetryAfter('-1', now)).to.equal(undefined)
    expect(parseRetryAfter(undefined, now)).to.equal(undefined)
  })

  it('backs off exponentially with equal jitter, capped', () => {
    expect([1, 2, 3, 4].map((retry) => backoffMs(retry, () => 0))).to.deep.equal([250, 500, 1000, 2000])
    expect([1, 2, 3, 4].map((retry) => backoffMs(retry, () => 1))).to.deep.equal([500, 1000, 2000, 4000])
    expect(backoffMs(20, () => 1)).to.equal(BACKOFF_CAP_MS)
    expect(backoffMs(20, () => 0)).to.equal(BACKOFF_CAP_MS / 2)
  })

  it('waits what the service says; without it, 3 to 8 s after 429 or 503 (python-proton-core), else the backoff', () => {
    expect(retryDelayMs(1, {retryAfter: '2', status: 429}, 0, () => 0)).to.equal(2000)
    expect(retryDelayMs(1, {retryAfter: '0', status: 503}, 0, () => 0.9)).to.equal(0)
    for (const status of [429, 503]) {
      for (const retry of [1, 2, 3]) {
        expect(
          retryDelayMs(retry, {status}, 0, () => 0),
          `${status} retry ${retry}`,
        ).to.equal(3000)
        expect(
          retryDelayMs(retry, {retryAfter: 'soon', status}, 0, () => 1),
          `${status} retry ${retry}`,
        ).to.equal(8000)
      }
    }

    expect(retryDelayMs(2, {status: 503}, 0, () => 0.5)).to.equal(5500)
    expect(retryDelayMs(2, {status: 502}, 0, () => 0)).to.equal(500)
    expect(retryDelayMs(1, {networkError: 'ECONNRESET'}, 0, () => 1)).to.equal(500)
  })
})
