import { describe, expect, it } from 'vitest';
import { HttpError, isAborted, messageFor, toHttpError } from '../../../src/http/errors';

describe('HttpError catalogue', () => {
  it.each([
    ['fetch_error', 'You are probably offline.'],
    ['invalid_json', 'The response is not a valid JSON response.'],
    ['unknown_error', 'An unknown error occurred.'],
    ['post_process', 'Media upload failed. If this is a photo or a large image, please scale it down and try again.'],
    ['timeout', 'The server took too long to answer. Please try again.'],
  ])('HTTP-07 %s always reads "%s", whatever message came with it', (code, message) => {
    const error = new HttpError(code, { message: 'library wording' });
    expect(error.message).toBe(message);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
  });

  it('keeps a server message for other codes and falls back to the unknown message', () => {
    expect(new HttpError('rest_forbidden', { message: 'Not allowed.' }).message).toBe('Not allowed.');
    expect(new HttpError('http_error', { message: '  ' }).message).toBe('An unknown error occurred.');
  });
});

describe('toHttpError', () => {
  it('returns an HttpError unchanged', () => {
    const error = new HttpError('timeout');
    expect(toHttpError(error)).toBe(error);
  });

  it('HTTP-07 maps api-fetch rejections by code', () => {
    expect(toHttpError({ code: 'fetch_error', message: 'Could not get a valid response from the server.' })).toMatchObject({
      code: 'fetch_error',
      message: 'You are probably offline.',
    });
    expect(toHttpError({ code: 'offline_error', message: 'Unable to connect.' })).toMatchObject({
      code: 'fetch_error',
      message: 'You are probably offline.',
    });
    expect(toHttpError({ code: 'rest_invalid_param', message: 'Invalid parameter(s): email', data: { status: 400 } })).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): email',
      status: 400,
      data: { status: 400 },
    });
  });

  it('HTTP-07 maps anything without a code to unknown_error', () => {
    for (const value of [undefined, null, {}, 'text', 42]) {
      expect(toHttpError(value)).toMatchObject({ code: 'unknown_error', message: 'An unknown error occurred.' });
    }
  });

  it('maps fetch’s TypeError, AbortError and TimeoutError', () => {
    expect(toHttpError(new TypeError('Failed to fetch')).code).toBe('fetch_error');
    expect(toHttpError(new DOMException('aborted', 'AbortError')).code).toBe('aborted');
    expect(toHttpError(new DOMException('late', 'TimeoutError')).code).toBe('timeout');
    expect(isAborted(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isAborted(new TypeError('x'))).toBe(false);
  });

  it('messageFor gives the shopper text for any failure', () => {
    expect(messageFor(new TypeError('Failed to fetch'))).toBe('You are probably offline.');
    expect(messageFor({ code: 'invalid_json' })).toBe('The response is not a valid JSON response.');
    expect(messageFor(new Error('internal detail'))).toBe('An unknown error occurred.');
  });
});
