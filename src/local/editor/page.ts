/**
 * The local editor's page: a story picker, a few fields, Save and Publish, and the site's preview
 * in an iframe, spoken to with the Visual Editor's postMessage protocol as Storyblok's app does:
 *
 *   preview → editor  {action:'initialized'}  → {action:'enterEditmode', storyId, componentNames:{}, appVersion:'v2'}
 *                     {action:'ping'}         → {action:'pingBack'}
 *                     {action:'edit', dataC:{uid,id,name,space}}  → focuses the field of that block
 *   editor → preview  {action:'input', story}                            on every keystroke
 *                     {action:'change', reload:true, storyId, slug}      after Save
 *                     {action:'published', storyId, slug, slugChanged:false}  after Publish
 *
 * Messages are taken only from the iframe's window and this origin, and sent only to this origin.
 * Plain HTML, CSS and vanilla JS in one response (no build step, no framework); the CSP admits the
 * inline script and style by hash and nothing else.
 */
import { createHash } from 'node:crypto';

const STYLE = `
:root { color-scheme: light; font: 15px/1.5 system-ui, sans-serif; color: #1b1b1f; background: #f4f4f6; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; grid-template-rows: auto 1fr; }
header { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: end; padding: .75rem 1rem; background: #fff; border-bottom: 1px solid #d6d6dc; }
h1 { font-size: 1.15rem; margin: 0; }
h2 { font-size: 1rem; margin: 0 0 .75rem; }
form.picker { display: flex; gap: .5rem; align-items: end; flex-wrap: wrap; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
select, input, textarea, button { font: inherit; }
select, input[type=text], textarea { width: 100%; padding: .4rem .5rem; border: 1px solid #8a8a96; border-radius: 4px; background: #fff; color: inherit; }
select { width: auto; max-width: 60ch; }
textarea { resize: vertical; }
button { padding: .45rem .9rem; border-radius: 4px; border: 1px solid #2b2bb3; background: #fff; color: #2b2bb3; cursor: pointer; }
button.primary { background: #2b2bb3; color: #fff; }
button[aria-disabled=true] { opacity: .55; cursor: progress; }
:focus-visible { outline: 3px solid #e0a100; outline-offset: 2px; }
main { display: grid; grid-template-columns: minmax(18rem, 26rem) 1fr; min-height: 0; }
.panel { padding: 1rem; overflow: auto; background: #fff; border-right: 1px solid #d6d6dc; }
.field { margin-bottom: 1rem; }
.hint { margin: .25rem 0 0; font-size: .85rem; color: #50505a; }
.actions { display: flex; gap: .5rem; margin: 1rem 0 .5rem; }
#status { min-height: 1.5em; margin: 0; font-weight: 600; }
#status[data-tone=error] { color: #a0001c; }
.preview { display: flex; min-height: 70vh; }
iframe { flex: 1; border: 0; width: 100%; background: #fff; }
@media (max-width: 50rem) { main { grid-template-columns: 1fr; } .panel { border-right: 0; border-bottom: 1px solid #d6d6dc; } }
`;

const SCRIPT = `
'use strict';
(() => {
  const API = '/_local/editor/stories';
  const GROUPS = [['article', 'Articles'], ['page', 'Pages'], ['category', 'Categories'], ['topic', 'Topics'], ['author', 'Authors']];
  const STATES = { published: 'published', changed: 'unpublished changes', draft: 'draft only' };
  const byId = (id) => document.getElementById(id);
  const picker = byId('picker');
  const select = byId('story');
  const panel = byId('editor');
  const heading = byId('editing');
  const fieldsBox = byId('fields');
  const frame = byId('preview');
  const status = byId('status');
  const saveButton = byId('save');
  const publishButton = byId('publish');

  /** The open story: the draft API's JSON (with _editable), edited in place, and its fields. */
  let current = null;
  let dirty = false;
  let busy = false;
  let discardArmed = false;

  const say = (text, tone) => {
    status.textContent = text;
    if (tone) status.dataset.tone = tone; else delete status.dataset.tone;
  };

  async function api(url, init = {}) {
    const headers = { Accept: 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, { ...init, headers });
    let body = null;
    try { body = await response.json(); } catch { body = null; }
    if (!response.ok) {
      const reasons = body && Array.isArray(body.errors)
        ? body.errors.map((e) => e.field + ': ' + e.message).join('; ')
        : response.statusText;
      throw new Error(response.status + ' ' + reasons);
    }
    return body;
  }

  /** Everything we tell the preview goes to this origin only. */
  const toPreview = (message) => {
    const target = frame.contentWindow;
    if (target) target.postMessage(message, location.origin);
  };
  // The preview's bridge listens only once it has said 'initialized' (after the page hydrated and
  // loaded it); like Storyblok's app, hold the latest edit until then rather than lose it.
  let bridgeReady = false;
  let pendingInput = null;
  const sendInput = (story) => {
    if (bridgeReady) toPreview({ action: 'input', story });
    else pendingInput = story;
  };
  /** The preview is (re)loading: its new bridge will say 'initialized' again. */
  const previewReloads = () => {
    bridgeReady = false;
    delete frame.dataset.bridge;
  };

  const getAt = (root, path) => path.reduce((node, key) => (node == null ? undefined : node[key]), root);
  function setAt(root, path, value) {
    const parent = getAt(root, path.slice(0, -1));
    if (parent && typeof parent === 'object') parent[path[path.length - 1]] = value;
  }

  function apply(field, value) {
    const story = current.story;
    if (field.kind === 'paragraph') {
      const node = getAt(story, field.path);
      if (!node || typeof node !== 'object') return;
      const runs = Array.isArray(node.content) ? node.content : [];
      // One run keeps its marks; a formatted paragraph becomes one plain run.
      if (runs.length === 1 && runs[0] && runs[0].type === 'text' && value !== '') runs[0].text = value;
      else node.content = value === '' ? [] : [{ type: 'text', text: value }];
    } else {
      setAt(story, field.path, value);
    }
    if (!dirty) say('Unsaved changes');
    dirty = true;
    discardArmed = false;
    sendInput(story);
  }

  function renderFields(fields) {
    fieldsBox.replaceChildren();
    for (const field of fields) {
      const id = 'field-' + field.name;
      const wrap = document.createElement('div');
      wrap.className = 'field';
      const label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = field.label;
      const control = document.createElement(field.multiline ? 'textarea' : 'input');
      if (field.multiline) control.rows = field.name === 'lede' ? 3 : 5; else control.type = 'text';
      control.id = id;
      control.value = field.value;
      control.dataset.uid = field.uid;
      const hint = document.createElement('p');
      hint.className = 'hint';
      hint.id = id + '-hint';
      hint.textContent = field.hint;
      control.setAttribute('aria-describedby', hint.id);
      control.addEventListener('input', () => apply(field, control.value));
      wrap.append(label, control, hint);
      fieldsBox.append(wrap);
    }
  }

  function listStories(stories) {
    select.replaceChildren();
    const placeholder = new Option('Choose a story…', '');
    select.append(placeholder);
    for (const [component, title] of GROUPS) {
      const members = stories.filter((s) => s.component === component);
      if (members.length === 0) continue;
      const group = document.createElement('optgroup');
      group.label = title;
      for (const s of members) group.append(new Option(s.name + ' (' + (STATES[s.state] || s.state) + ')', String(s.id)));
      select.append(group);
    }
  }

  function markState(id, state, name) {
    const option = select.querySelector('option[value="' + id + '"]');
    if (option) option.textContent = name + ' (' + (STATES[state] || state) + ')';
  }

  async function open(id) {
    const body = await api(API + '/' + encodeURIComponent(id));
    current = body;
    dirty = false;
    discardArmed = false;
    select.value = String(body.story.id);
    heading.textContent = 'Editing: ' + body.story.name;
    panel.hidden = false;
    renderFields(body.fields);
    pendingInput = null;
    previewReloads();
    frame.src = body.previewUrl;
    history.replaceState(null, '', '?story=' + body.story.id);
    say('Opened ' + body.story.name + ' (' + (STATES[body.state] || body.state) + ')');
    heading.focus();
  }

  async function save() {
    const story = current.story;
    const body = await api(API + '/' + story.id, { method: 'PUT', body: JSON.stringify(story) });
    current.story = body.story;
    current.state = body.state;
    dirty = false;
    markState(story.id, body.state, body.story.name);
    return body;
  }

  /** Runs one request at a time, with the buttons marked busy meanwhile. */
  async function exclusive(task) {
    if (busy || !current) return;
    busy = true;
    for (const button of [saveButton, publishButton]) button.setAttribute('aria-disabled', 'true');
    try {
      await task();
    } catch (error) {
      say('Failed: ' + error.message, 'error');
    } finally {
      busy = false;
      for (const button of [saveButton, publishButton]) button.removeAttribute('aria-disabled');
    }
  }

  saveButton.addEventListener('click', () => exclusive(async () => {
    const body = await save();
    toPreview({ action: 'change', reload: true, storyId: body.story.id, slug: body.story.full_slug });
    previewReloads();
    say('Saved draft');
  }));

  publishButton.addEventListener('click', () => exclusive(async () => {
    if (dirty) await save();
    const story = current.story;
    const body = await api(API + '/' + story.id + '/publish', { method: 'POST', body: '{}' });
    current.story = body.story;
    current.state = body.state;
    markState(story.id, body.state, body.story.name);
    toPreview({ action: 'published', storyId: story.id, slug: story.full_slug, slugChanged: false });
    previewReloads();
    say('Published');
  }));

  document.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 's' && current) {
      event.preventDefault();
      saveButton.click();
    }
  });

  picker.addEventListener('submit', (event) => {
    event.preventDefault();
    const id = select.value;
    if (!id) { say('Choose a story first.', 'error'); select.focus(); return; }
    if (dirty && !discardArmed) {
      discardArmed = true;
      say('Unsaved changes in ' + current.story.name + ': save them, or press Open again to discard them.', 'error');
      return;
    }
    open(id).catch((error) => say('Could not open the story: ' + error.message, 'error'));
  });

  function focusBlock(dataC) {
    if (!current || !dataC || typeof dataC !== 'object') return;
    const uid = String(dataC.uid || '');
    if (String(dataC.id) !== String(current.story.id)) {
      say('That block belongs to another story (' + (dataC.name || 'unknown') + ').');
      return;
    }
    const control = Array.from(fieldsBox.querySelectorAll('input, textarea')).find((c) => c.dataset.uid === uid);
    if (control) control.focus();
    else say('The ' + (dataC.name || 'selected') + ' block has no field in this editor.');
  }

  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || typeof data.action !== 'string') return;
    if (data.action === 'initialized') {
      toPreview({ action: 'enterEditmode', storyId: current ? current.story.id : null, componentNames: {}, appVersion: 'v2' });
      bridgeReady = true;
      frame.dataset.bridge = 'ready';
      if (pendingInput) {
        const story = pendingInput;
        pendingInput = null;
        toPreview({ action: 'input', story });
      }
    } else if (data.action === 'ping') {
      toPreview({ action: 'pingBack' });
    } else if (data.action === 'edit') {
      focusBlock(data.dataC);
    }
  });

  window.addEventListener('beforeunload', (event) => {
    if (dirty) event.preventDefault();
  });

  api(API)
    .then((body) => {
      listStories(body.stories);
      const wanted = new URLSearchParams(location.search).get('story');
      if (wanted && /^[0-9]+$/.test(wanted)) return open(wanted);
      return undefined;
    })
    .catch((error) => say('Could not load the stories: ' + error.message, 'error'));
})();
`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page's Content-Security-Policy: its own inline script and style, same-origin fetches and frames. */
export const EDITOR_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${hash(SCRIPT)}`,
  `style-src ${hash(STYLE)}`,
  "connect-src 'self'",
  "frame-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The editor page's HTML. */
export const EDITOR_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Local editor · Roundhouse</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Local editor</h1>
<form class="picker" id="picker">
<div>
<label for="story">Story</label>
<select id="story" name="story" required><option value="">Loading stories…</option></select>
</div>
<button type="submit">Open</button>
</form>
</header>
<main>
<section class="panel" aria-label="Fields">
<noscript><p>The local editor needs JavaScript.</p></noscript>
<div id="editor" hidden>
<h2 id="editing" tabindex="-1">Editing</h2>
<div id="fields"></div>
<div class="actions">
<button type="button" id="save">Save</button>
<button type="button" class="primary" id="publish">Publish</button>
</div>
</div>
<p id="status" role="status" aria-live="polite"></p>
</section>
<section class="preview" aria-label="Preview">
<iframe id="preview" title="Site preview" src="about:blank"></iframe>
</section>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
