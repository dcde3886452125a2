// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import {
  Button,
  IconButton,
  isExternalLink,
  LinkButton,
  toInternalLink,
} from '../../../../src/widgets/button/index';
import { renderWithRouter } from './helpers';

test.each([
  ['training/jab', { pathname: '/training/jab', hash: '' }],
  ['/training/jab', { pathname: '/training/jab', hash: '' }],
  ['//training/jab', { pathname: '/training/jab', hash: '' }],
  ['training/jab#drills', { pathname: '/training/jab', hash: '#drills' }],
  ['/training/jab#drills', { pathname: '/training/jab', hash: '#drills' }],
  ['training/jab#', { pathname: '/training/jab', hash: '' }],
  ['#drills', { pathname: '', hash: '#drills' }],
  ['', { pathname: '/', hash: '' }],
  ['  c/training  ', { pathname: '/c/training', hash: '' }],
  ['shop?size=m#fit', { pathname: '/shop?size=m', hash: '#fit' }],
])('toInternalLink(%j)', (link, expected) => {
  expect(toInternalLink(link)).toEqual(expected);
});

test.each([
  ['https://shop.example/gloves', true],
  ['http://example.com', true],
  ['mailto:coach@example.com', true],
  ['tel:+15550100', true],
  ['//cdn.example/x', true],
  ['training/jab', false],
  ['/training/jab#drills', false],
  ['#top', false],
])('isExternalLink(%j) is %s', (link, expected) => {
  expect(isExternalLink(link)).toBe(expected);
});

test('an internal link button gets a leading slash and keeps the hash; external ones are safe anchors', () => {
  renderWithRouter(
    <>
      <LinkButton link="training/jab#drills">Drills</LinkButton>
      <LinkButton link="https://shop.example/gloves" variant="secondary">
        Shop
      </LinkButton>
      <LinkButton link="mailto:coach@example.com">Mail</LinkButton>
    </>,
  );
  const internal = screen.getByRole('link', { name: 'Drills' });
  expect(internal.getAttribute('href')).toBe('/training/jab#drills');
  expect(internal.hasAttribute('rel')).toBe(false);
  expect(internal.className).toContain('ui-button--primary');
  const external = screen.getByRole('link', { name: 'Shop' });
  expect(external.getAttribute('href')).toBe('https://shop.example/gloves');
  expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  expect(external.className).toContain('ui-button--secondary');
  expect(screen.getByRole('link', { name: 'Mail' }).getAttribute('rel')).toBe('noopener noreferrer');
});

test('a bare hash link stays on the current page', () => {
  renderWithRouter(<LinkButton link="#drills">Jump</LinkButton>);
  expect(screen.getByRole('link', { name: 'Jump' }).getAttribute('href')).toBe('/current#drills');
});

test('a disabled or loading link button does not navigate', () => {
  renderWithRouter(
    <>
      <LinkButton link="/a" disabled>
        Off
      </LinkButton>
      <LinkButton link="/b" loading>
        Busy
      </LinkButton>
    </>,
  );
  const off = screen.getByRole('link', { name: 'Off' });
  expect(off.hasAttribute('href')).toBe(false);
  expect(off.getAttribute('aria-disabled')).toBe('true');
  const busy = screen.getByRole('link', { name: /Busy/ });
  expect(busy.hasAttribute('href')).toBe(false);
  expect(busy.getAttribute('aria-busy')).toBe('true');
  expect(busy.textContent).toContain('Loading');
});

test('a disabled button is disabled and ignores clicks', () => {
  const onClick = vi.fn();
  renderWithRouter(
    <Button disabled onClick={onClick}>
      Save
    </Button>,
  );
  const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  fireEvent.click(button);
  expect(onClick).not.toHaveBeenCalled();
});

test('a loading button is busy, says Loading, stays focusable and ignores clicks and submits', () => {
  const onClick = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  renderWithRouter(
    <form onSubmit={onSubmit}>
      <Button type="submit" loading onClick={onClick}>
        Save
      </Button>
    </form>,
  );
  const button = screen.getByRole('button', { name: /Save/ }) as HTMLButtonElement;
  expect(button.disabled).toBe(false);
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(button.getAttribute('aria-busy')).toBe('true');
  expect(button.querySelector('.visually-hidden')?.textContent).toBe('Loading');
  button.focus();
  expect(document.activeElement).toBe(button);
  fireEvent.click(button);
  expect(onClick).not.toHaveBeenCalled();
  expect(onSubmit).not.toHaveBeenCalled();
});

test('a button defaults to type=button, primary and medium, and takes variant and size', () => {
  renderWithRouter(
    <>
      <Button>Go</Button>
      <Button variant="dark" size="large">
        Big
      </Button>
    </>,
  );
  const go = screen.getByRole('button', { name: 'Go' });
  expect(go.getAttribute('type')).toBe('button');
  expect(go.className).toContain('ui-button--primary');
  expect(go.className).toContain('ui-button--medium');
  expect(screen.getByRole('button', { name: 'Big' }).className).toContain('ui-button--dark ui-button--large');
});

test('an icon button is named by its label and hides its glyph', () => {
  const onClick = vi.fn();
  renderWithRouter(<IconButton label="Close" icon={<svg data-testid="glyph" />} onClick={onClick} />);
  const button = screen.getByRole('button', { name: 'Close' });
  expect(screen.getByTestId('glyph').parentElement?.getAttribute('aria-hidden')).toBe('true');
  fireEvent.click(button);
  expect(onClick).toHaveBeenCalledOnce();
});

test('an icon button can be disabled or loading', () => {
  renderWithRouter(
    <>
      <IconButton label="Play" icon="▶" disabled />
      <IconButton label="Send" icon="→" loading />
    </>,
  );
  expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-busy')).toBe('true');
});
