// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import { AnnouncementBanner } from '../../../../src/widgets/announcement-banner/index';
import { Button, LinkButton } from '../../../../src/widgets/button/index';
import { Card } from '../../../../src/widgets/card/index';
import { EmailCapture } from '../../../../src/widgets/email-capture/index';
import { Input } from '../../../../src/widgets/input/index';
import { Rating } from '../../../../src/widgets/rating/index';
import { Reveal } from '../../../../src/widgets/reveal/index';
import { Select } from '../../../../src/widgets/select/index';
import { ShortText } from '../../../../src/widgets/short-text/index';
import { SizeSelector } from '../../../../src/widgets/size-selector/index';
import { SocialIcons } from '../../../../src/widgets/social-icons/index';
import { Tabs } from '../../../../src/widgets/tabs/index';

function Page() {
  return (
    <MemoryRouter>
      <AnnouncementBanner active headline="Sale" cta={{ url: 'shop', text: 'Shop' }} />
      <Reveal>
        <ShortText headline="Train" text="Hard." />
      </Reveal>
      <Button loading>Save</Button>
      <LinkButton link="training/jab#drills">Drills</LinkButton>
      <Card title="Jab" link="/training/jab" />
      <Input label="Name" error="Required" />
      <Select label="Size" options={[{ value: 's', label: 'S' }]} />
      <Rating filled={3} />
      <SizeSelector
        options={[{ id: '1', name: 'M', uid: 'u1', sizeDescription: 'Medium' }]}
        defaultValue="1"
      />
      <Tabs items={[{ key: 'a', name: 'A', content: 'Panel A' }]} />
      <SocialIcons links={[{ name: 'rss', url: '/feed.xml' }]} brand="Roundhouse" />
      <EmailCapture headline="Join" />
    </MemoryRouter>
  );
}

test('the widgets hydrate server HTML without mismatches', async () => {
  const html = renderToString(<Page />);
  expect(html).not.toContain('is-armed');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  expect(container.querySelector('[role="tablist"]')).toBeTruthy();
  container.remove();
});
