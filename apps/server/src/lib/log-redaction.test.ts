import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it.each([
    ['/?resetToken=abc123', '/?resetToken=%5Bredacted%5D'],
    ['/wps/dev/outbox?to=%2B639171234567', '/wps/dev/outbox?to=%2B639171234567'],
    ['/x?code=123456&lang=EN', '/x?code=%5Bredacted%5D&lang=EN'],
    ['/x?password=a&Password=b', '/x?password=%5Bredacted%5D&Password=%5Bredacted%5D'],
    ['/plain/path', '/plain/path'],
  ])('should turn %s into %s', (url, redacted) => expect(redactUrl(url)).toBe(redacted));
});
