/**
 * What the events function accepts: the browser's batch (`AnalyticsBatch` in src/shared/analytics.ts)
 * checked field by field, with every JSON value (properties, traits, context) kept within
 * `ANALYTICS_LIMITS`. A refusal names the first bad field (`batch.3.context.page.url`) in plain words
 * and never quotes the value (it may hold an address).
 */
import { z } from 'zod';
import {
  ANALYTICS_EVENTS,
  ANALYTICS_LIMITS,
  type AnalyticsBatch,
  type AnalyticsProperties,
} from '../../shared/analytics.ts';
import type { FieldError } from '../../http/boundary.ts';

const { stringLength, objectKeys, depth: maxDepth, arrayItems, batchMessages } = ANALYTICS_LIMITS;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type JsonProblem = { path: (string | number)[]; message: string };

/**
 * The first place a JSON value breaks the limits: containers nested deeper than `depth` (the object
 * itself is level 1), more than `objectKeys` keys or `arrayItems` items, strings (values and keys)
 * longer than `stringLength`, or anything JSON cannot hold. Null when it is within them.
 */
export function jsonProblem(value: unknown, level = 1): JsonProblem | null {
  switch (typeof value) {
    case 'string':
      return value.length > stringLength
        ? { path: [], message: `longer than ${stringLength} characters` }
        : null;
    case 'number':
      return Number.isFinite(value) ? null : { path: [], message: 'not a finite number' };
    case 'boolean':
      return null;
    case 'object':
      break;
    default:
      return { path: [], message: 'not a JSON value' };
  }
  if (value === null) return null;
  if (level > maxDepth) return { path: [], message: `nested deeper than ${maxDepth} levels` };
  if (Array.isArray(value)) {
    if (value.length > arrayItems) return { path: [], message: `more than ${arrayItems} items` };
    for (const [index, item] of value.entries()) {
      const inner = jsonProblem(item, level + 1);
      if (inner) return { path: [index, ...inner.path], message: inner.message };
    }
    return null;
  }
  const entries = Object.entries(value);
  if (entries.length > objectKeys) return { path: [], message: `more than ${objectKeys} keys` };
  for (const [key, item] of entries) {
    if (key.length > stringLength)
      return { path: [], message: `a key longer than ${stringLength} characters` };
    const inner = jsonProblem(item, level + 1);
    if (inner) return { path: [key, ...inner.path], message: inner.message };
  }
  return null;
}

/** An object of JSON values within the limits; kept as sent (not copied), so nothing is reordered. */
const jsonObject = (name: string) =>
  z
    .custom<AnalyticsProperties>(isPlainObject, { error: `${name} must be an object` })
    .superRefine((value, ctx) => {
      const found = jsonProblem(value);
      if (found) ctx.addIssue({ code: 'custom', message: `${name}: ${found.message}`, path: found.path });
    });

const text = (name: string, { min = 0, max = stringLength as number }: { min?: number; max?: number } = {}) =>
  z
    .string({ error: `${name} must be a string` })
    .min(min, { error: min === 1 ? `${name} must not be empty` : `${name} is too short` })
    .max(max, { error: `${name} must be at most ${max} characters` });

const isoTime = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date and time` });

const pageContext = z.looseObject({
  path: text('page path'),
  url: text('page url'),
  search: text('page search'),
  title: text('page title'),
  referrer: text('page referrer'),
});

const traits = z.looseObject({
  email: text('email').optional(),
  firstName: text('firstName').optional(),
  lastName: text('lastName').optional(),
  phone: text('phone').optional(),
});

/** Segment's `context`: the page, the visitor's traits, campaign, locale, user agent (others kept). */
const messageContext = z
  .looseObject({
    page: pageContext,
    traits: traits.optional(),
    campaign: z.record(z.string(), text('campaign value')).optional(),
    locale: text('locale', { max: 64 }).optional(),
    userAgent: text('userAgent').optional(),
  })
  .superRefine((value, ctx) => {
    const found = jsonProblem(value);
    if (found) ctx.addIssue({ code: 'custom', message: `context: ${found.message}`, path: found.path });
  });

export const MESSAGE_ID = /^[A-Za-z0-9_-]{8,64}$/;

const base = {
  messageId: z
    .string({ error: 'messageId must be a string' })
    .regex(MESSAGE_ID, { error: 'messageId must be 8 to 64 letters, digits, _ or -' }),
  timestamp: isoTime('timestamp'),
  anonymousId: text('anonymousId', { min: 1, max: 64 }),
  userId: text('userId', { min: 1, max: 64 }).optional(),
  context: messageContext,
};

const message = z.discriminatedUnion(
  'type',
  [
    z.object({
      ...base,
      type: z.literal('track'),
      event: z.enum(ANALYTICS_EVENTS, { error: 'event must be one of the events of spec §7' }),
      properties: jsonObject('properties'),
    }),
    z.object({
      ...base,
      type: z.literal('page'),
      name: text('name'),
      properties: jsonObject('properties'),
    }),
    z.object({ ...base, type: z.literal('identify'), traits: traits.pipe(jsonObject('traits')) }),
  ],
  {
    error: (issue) =>
      isPlainObject(issue.input) ? 'type must be track, page or identify' : 'each message must be an object',
  },
);

export const batchSchema = z.object(
  {
    batch: z
      .array(message, { error: 'batch must be a list of messages' })
      .min(1, { error: 'batch is empty' })
      .max(batchMessages, { error: `batch holds more than ${batchMessages} messages` }),
    sentAt: isoTime('sentAt'),
  },
  { error: 'the body must be an object { batch, sentAt }' },
) satisfies z.ZodType<AnalyticsBatch, unknown>;

/** The first issue, as the one field error the answer names. */
export function firstFieldError(error: z.ZodError): FieldError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
  return { field, message: issue?.message ?? 'invalid batch' };
}
