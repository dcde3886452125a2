/** The local stack's own variables: numbers are numbers, blanks are unset, a bad value names itself. */
import { expect, test } from 'vitest';
import { parseLocalEnv } from '../../../src/local/env';

test('values are parsed and blanks mean unset', () => {
  expect(
    parseLocalEnv({
      DEMO_ARTICLES: '10000',
      DEMO_ARTICLE_LENGTH: '8',
      LOCAL_EMAIL_RETRY_MS: '250',
      QUIET: '1',
    }),
  ).toEqual({
    DEMO_ARTICLES: 10000,
    DEMO_ARTICLE_LENGTH: 8,
    LOCAL_EMAIL_RETRY_MS: 250,
    QUIET: '1',
  });
  expect(parseLocalEnv({ DEMO_ARTICLES: ' ', LOCAL_DATA_DIR: '', LOCAL_PUBLISH_WEBHOOK_URL: '' })).toEqual(
    {},
  );
  expect(
    parseLocalEnv({ LOCAL_PUBLISH_WEBHOOK_URL: 'http://127.0.0.1:8888/.netlify/functions/content-webhook' }),
  ).toEqual({ LOCAL_PUBLISH_WEBHOOK_URL: 'http://127.0.0.1:8888/.netlify/functions/content-webhook' });
});

test.each([
  ['DEMO_ARTICLES', 'many'],
  ['DEMO_ARTICLES', '0'],
  ['DEMO_ARTICLE_LENGTH', '0'],
  ['DEMO_ARTICLE_LENGTH', '65'],
  ['DEMO_ARTICLE_LENGTH', '1.5'],
  ['LOCAL_EMAIL_RETRY_MS', '-5'],
  ['QUIET', 'yes'],
  ['LOCAL_PUBLISH_WEBHOOK_URL', 'not a url'],
  ['LOCAL_PUBLISH_WEBHOOK_URL', 'file:///etc/passwd'],
])('%s=%j stops the server with the variable named', (name, value) => {
  expect(() => parseLocalEnv({ [name]: value })).toThrow(`Invalid environment variable ${name}`);
});
