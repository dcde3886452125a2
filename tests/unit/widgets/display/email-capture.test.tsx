// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { EMAIL_PATTERN, isValidEmail } from '../../../../src/shared/sign-up';
import {
  EMAIL_CONSENT_NOTICE,
  EmailCapture,
  type EmailSubmitExtras,
  type EmailSubmitResult,
} from '../../../../src/widgets/email-capture/index';
import { renderWithRouter } from './helpers';

const long = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

test.each([
  ['a@b.co', true],
  ['UPPER@EXAMPLE.COM', true],
  ['x.y+z@sub.domain.travel', true],
  ['  padded@example.com  ', true],
  [`a@b.${'a'.repeat(24)}`, true],
  [long(100), true],
  ['missing-at.example.com', false],
  ['a@b.c', false],
  [`a@b.${'a'.repeat(25)}`, false],
  ['a@b.c0m', false],
  ['a@b.123', false],
  ['sp ace@example.com', false],
  ['a@exa mple.com', false],
  [long(101), false],
  ['', false],
  ['a@', false],
  ['@b.co', false],
  ['a@b', false],
])('isValidEmail(%j) is %s', (value, expected) => {
  expect(isValidEmail(value)).toBe(expected);
});

test('the pattern is case-insensitive', () => {
  expect(EMAIL_PATTERN.flags).toContain('i');
});

type OnSubmit = (email: string, extras: EmailSubmitExtras) => Promise<EmailSubmitResult>;

function setup(onSubmit?: OnSubmit, errors?: string[]) {
  const { container } = render(
    <EmailCapture headline="Join the club" text="Weekly workouts." onSubmit={onSubmit} errors={errors} />,
  );
  const input = screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement;
  const button = screen.getByRole('button', { name: 'Subscribe' });
  return { input, button, container };
}

/** The ids an element's aria-describedby names, in order. */
const describedBy = (el: Element) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
const noticeId = () => screen.getByText(EMAIL_CONSENT_NOTICE).id;

test('the default call to action is Subscribe; the field is labelled, limited to 100 and autocompletes email', () => {
  const { input, button } = setup();
  expect(button.getAttribute('type')).toBe('submit');
  expect(input.maxLength).toBe(100);
  expect(input.getAttribute('autocomplete')).toBe('email');
  expect(input.getAttribute('inputmode')).toBe('email');
  expect(screen.getByRole('heading', { level: 2, name: 'Join the club' })).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Join the club' })).toBeTruthy();
});

test('a custom call to action', () => {
  render(<EmailCapture cta="Count me in" />);
  expect(screen.getByRole('button', { name: 'Count me in' })).toBeTruthy();
});

test.each(['not-an-email', 'a@b.c', 'x@y.z0', long(101)])(
  'an invalid address (%j) shows "invalid email" linked to the field and does not submit',
  async (value) => {
    const onSubmit = vi.fn(async (): Promise<EmailSubmitResult> => ({ ok: true }));
    const { input, button } = setup(onSubmit);
    fireEvent.change(input, { target: { value } });
    fireEvent.click(button);
    const message = await screen.findByText('invalid email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // Described by the consent notice and the error.
    expect(describedBy(input)).toEqual([noticeId(), message.id]);
    expect(document.activeElement).toBe(input);
    expect(onSubmit).not.toHaveBeenCalled();
  },
);

test('a server-provided error: the first is shown under the field', () => {
  const { input } = setup(undefined, ['Already subscribed', 'Second error']);
  const message = screen.getByText('Already subscribed');
  expect(describedBy(input)).toEqual([noticeId(), message.id]);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(screen.queryByText('Second error')).toBeNull();
});

test('errors returned by onSubmit: the first is shown and the form stays', async () => {
  const onSubmit = vi.fn(async (): Promise<EmailSubmitResult> => ({ ok: false, errors: ['Try later', 'x'] }));
  const { input, button } = setup(onSubmit);
  fireEvent.change(input, { target: { value: 'sam@example.com' } });
  fireEvent.click(button);
  expect(await screen.findByText('Try later')).toBeTruthy();
  expect(input.value).toBe('sam@example.com');
  expect(input.closest('form')?.hidden).toBe(false);
});

test('a rejected onSubmit shows a generic error', async () => {
  const onSubmit = vi.fn(async (): Promise<EmailSubmitResult> => {
    throw new Error('network');
  });
  const { input, button } = setup(onSubmit);
  fireEvent.change(input, { target: { value: 'sam@example.com' } });
  fireEvent.click(button);
  expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
});

test('success: emits the trimmed email, hides the form, thanks (status, focused) and clears the field', async () => {
  let resolve: (result: EmailSubmitResult) => void = () => {};
  const onSubmit = vi.fn(() => new Promise<EmailSubmitResult>((r) => (resolve = r)));
  const { input, button } = setup(onSubmit);
  fireEvent.change(input, { target: { value: 'Sam.Jones+gloves@Example.com' } });
  fireEvent.click(button);
  expect(onSubmit).toHaveBeenCalledWith('Sam.Jones+gloves@Example.com', { honeypot: '' });
  // Busy while the submission is pending; a second click does not submit again.
  expect(button.getAttribute('aria-busy')).toBe('true');
  fireEvent.click(button);
  expect(onSubmit).toHaveBeenCalledOnce();
  await act(async () => resolve({ ok: true }));
  const status = screen.getByRole('status');
  expect(status.textContent).toBe('Thanks for signing up!');
  await waitFor(() => expect(document.activeElement).toBe(status));
  expect(input.closest('form')?.hidden).toBe(true);
  expect(input.value).toBe('');
});

test('without onSubmit a valid address counts as success', async () => {
  const { input, button } = setup();
  fireEvent.change(input, { target: { value: 'a@b.co' } });
  fireEvent.click(button);
  expect(await screen.findByText('Thanks for signing up!')).toBeTruthy();
  expect(input.value).toBe('');
});

test('the invalid-email message clears once a valid address is submitted', async () => {
  const onSubmit = vi.fn(async (): Promise<EmailSubmitResult> => ({ ok: true }));
  const { input, button } = setup(onSubmit);
  fireEvent.change(input, { target: { value: 'nope' } });
  fireEvent.click(button);
  expect(await screen.findByText('invalid email')).toBeTruthy();
  fireEvent.change(input, { target: { value: 'yes@example.com' } });
  fireEvent.click(button);
  await screen.findByText('Thanks for signing up!');
  expect(screen.queryByText('invalid email')).toBeNull();
  expect(onSubmit).toHaveBeenCalledWith('yes@example.com', { honeypot: '' });
});

test('the icon size is default or big', () => {
  const { container, rerender } = render(<EmailCapture />);
  expect(container.firstElementChild?.className).toContain('ui-email-capture--icon-default');
  rerender(<EmailCapture iconSize="big" />);
  expect(container.firstElementChild?.className).toContain('ui-email-capture--icon-big');
});

test('the honeypot: off-screen, hidden from assistive technology, out of the tab order, labelled', () => {
  const { container } = setup();
  const trap = container.querySelector<HTMLInputElement>('input[name="company"]');
  expect(trap).toBeTruthy();
  expect(trap?.type).toBe('text');
  expect(trap?.tabIndex).toBe(-1);
  expect(trap?.getAttribute('autocomplete')).toBe('off');
  expect(trap?.labels?.[0]?.textContent).toBe('Leave this field empty');
  const wrapper = trap?.closest('.ui-email-capture__trap');
  expect(wrapper?.getAttribute('aria-hidden')).toBe('true');
  expect(wrapper?.closest('form')).toBeTruthy();
  // People (and assistive technology) meet one text field only.
  expect(screen.getAllByRole('textbox')).toHaveLength(1);
});

test("the honeypot's value reaches onSubmit", async () => {
  const onSubmit = vi.fn<OnSubmit>(async () => ({ ok: true }));
  const { input, button, container } = setup(onSubmit);
  const trap = container.querySelector('input[name="company"]') as HTMLInputElement;
  // A bot sets the value directly (no input events): it still counts.
  trap.value = 'Acme Ltd';
  fireEvent.change(input, { target: { value: 'bot@example.com' } });
  fireEvent.click(button);
  await screen.findByText('Thanks for signing up!');
  expect(onSubmit).toHaveBeenCalledWith('bot@example.com', { honeypot: 'Acme Ltd' });
});

test('the consent notice shows under the form, describes the field, and goes with the form', async () => {
  const { input, button } = setup(async () => ({ ok: true }));
  const notice = screen.getByText(EMAIL_CONSENT_NOTICE);
  expect(notice.textContent).toBe('By subscribing you agree to receive our emails. Unsubscribe at any time.');
  expect(notice.hidden).toBe(false);
  expect(notice.id).not.toBe('');
  expect(describedBy(input)).toEqual([notice.id]);
  // After the form (in reading order), not inside it.
  const form = input.closest('form') as HTMLFormElement;
  expect(form.contains(notice)).toBe(false);
  expect(form.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  fireEvent.change(input, { target: { value: 'sam@example.com' } });
  fireEvent.click(button);
  await screen.findByText('Thanks for signing up!');
  expect(form.hidden).toBe(true);
  expect(notice.hidden).toBe(true);
});

test('given privacyLink, the consent line links to the privacy policy: a real link, named for where it goes', async () => {
  const { container } = renderWithRouter(<EmailCapture headline="Join" privacyLink="/p/privacy" />);
  const input = screen.getByRole('textbox', { name: 'Email address' });
  const notice = container.querySelector('.ui-email-capture__consent') as HTMLElement;
  expect(notice.textContent).toBe(
    'By subscribing you agree to receive our emails. Unsubscribe at any time. See our privacy policy.',
  );
  // Still the field's description, with the link inside it.
  expect(describedBy(input)).toEqual([notice.id]);
  const link = within(notice).getByRole('link', { name: 'privacy policy' });
  expect(link.getAttribute('href')).toBe('/p/privacy');
  // Without one, the line is the notice alone (and has no link).
  renderWithRouter(<EmailCapture headline="Other" />);
  const plain = screen.getAllByText(EMAIL_CONSENT_NOTICE).at(-1) as HTMLElement;
  expect(within(plain).queryByRole('link')).toBeNull();
});

test('each form has its own ids', () => {
  const { container } = render(
    <>
      <EmailCapture headline="One" />
      <EmailCapture headline="Two" />
    </>,
  );
  const ids = [...container.querySelectorAll('[id]')].map((el) => el.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(screen.getByRole('region', { name: 'One' })).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Two' })).toBeTruthy();
});

test('the compact variant', () => {
  const { container, rerender } = render(<EmailCapture />);
  expect(container.firstElementChild?.className).not.toContain('ui-email-capture--compact');
  rerender(<EmailCapture variant="compact" tone="light" />);
  expect(container.firstElementChild?.className).toContain('ui-email-capture--compact');
  expect(container.firstElementChild?.className).toContain('ui-email-capture--light');
});
