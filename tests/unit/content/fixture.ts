/** A small content set for the stand-in tests: relations are uuid strings, as stored in the CMS. */
import {
  articleStory,
  asset,
  authorStory,
  categoryStory,
  doc,
  globalStory,
  pageStory,
  para,
  text,
  topicStory,
} from './factories';

export function contentSet() {
  const training = categoryStory('training', { name: 'Training' }, { position: 1 });
  const wellness = categoryStory('wellness', { name: 'Wellness' }, { position: 2 });
  const footwork = topicStory('footwork', { category: training.uuid });
  training.content.topics = [footwork.uuid];
  const sam = authorStory('sam', {
    name: 'Sam',
    social_link_instagram: 'https://instagram.com/sam',
    social_link_myspace: 'x',
  });
  const kim = authorStory('kim', { name: 'Kim' });
  const jab = articleStory(
    'jab-basics',
    {
      category: training.uuid,
      topic: footwork.uuid,
      author: sam.uuid,
      contributors: [kim.uuid],
      cover_image: asset({ filename: '/f/1/1200x630/abc/jab.jpg' }),
      content: doc(para(text('Keep your guard up'))),
    },
    { tag_list: ['beginner'], first_published_at: '2024-04-01T10:00:00.000Z' },
  );
  const sleep = articleStory(
    'sleep-well',
    { category: wellness.uuid, author: kim.uuid },
    { first_published_at: '2024-05-01T10:00:00.000Z' },
  );
  const future = articleStory(
    'future-drill',
    { category: training.uuid, author: sam.uuid, schedule: '2099-01-01 00:00' },
    { first_published_at: '2024-05-15T10:00:00.000Z' },
  );
  const global = globalStory({
    announcement: [
      {
        _uid: 'a1',
        component: 'announcement',
        active: true,
        headline: 'Hello',
        cta_text: 'Go',
        cta_link: { linktype: 'story', cached_url: 'training' },
      },
    ],
    social_links: [{ _uid: 's1', component: 'social_link', name: 'youtube', url: 'https://youtube.com/rh' }],
  });
  const about = pageStory('about', {
    title: 'About us',
    body: [{ _uid: 'h', component: 'hero', headline: 'Hi' }],
  });
  const stories = [global, training, wellness, footwork, sam, kim, jab, sleep, future, about];
  return { stories, training, wellness, footwork, sam, kim, jab, sleep, future, global, about };
}
