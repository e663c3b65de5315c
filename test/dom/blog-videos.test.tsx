/** Video placeholders of the blog script (spec 2.1, 3.9) on server-rendered HTML in linkedom. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { initVideos } from '../../src/blog/client/videos';
import { load, postHtml } from './blog-env';

test("placeholders become 'Play <provider> video' buttons over the same thumbnail", () => {
  const x = load(postHtml('lamp-room-at-dawn').html);
  initVideos(x.d);
  const buttons = [...x.d.querySelectorAll('.video > button.video-play')];
  assert.equal(
    buttons.map((b) => [b.getAttribute('type'), b.getAttribute('aria-label')]),
    [
      ['button', 'Play YouTube video'],
      ['button', 'Play Vimeo video'],
    ],
  );
  assert.is(buttons[0].querySelector('img')?.getAttribute('width'), '480');
  assert.is(buttons[0].querySelector('.video-caption')?.textContent, 'Play YouTube video');
  assert.is(x.d.querySelector('.video > a'), null);
});

test('a click puts the player in with autoplay and the extra query, titled and focused', () => {
  const x = load(postHtml('lamp-room-at-dawn').html);
  initVideos(x.d);
  const box = x.d.getElementById('video-1') as HTMLElement;
  x.fire(box.querySelector('button') as Element, 'click');
  const frame = box.querySelector('iframe') as HTMLIFrameElement;
  assert.ok(frame);
  assert.is(box.querySelector('button'), null);
  assert.is(
    frame.getAttribute('src'),
    'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?start=30&cc_load_policy=1&autoplay=1',
  );
  assert.is(frame.getAttribute('title'), "The lantern's last sweep as the sun rises over Black Skerry");
  assert.equal([frame.width, frame.height], ['480', '360']);
  assert.match(frame.allow, /autoplay/);
  // Fullscreen through allowfullscreen alone: named in `allow` too, Chromium warns of the pair on every play.
  assert.not.match(frame.allow, /fullscreen/);
  assert.ok(frame.hasAttribute('allowfullscreen'));
  assert.is(x.focused(), frame);
  x.fire(x.d.querySelector('#video-2 button') as Element, 'click');
  assert.is(
    x.d.querySelector('#video-2 iframe')?.getAttribute('src'),
    'https://player.vimeo.com/video/76979871?autoplay=1',
  );
});

test('placeholders of unknown hosts stay plain links', () => {
  const html = postHtml('lamp-room-at-dawn').html.replace(
    'data-src="https://player.vimeo.com/video/76979871"',
    'data-src="https://evil.test/video/1"',
  );
  const x = load(html);
  initVideos(x.d);
  assert.ok(x.d.querySelector('#video-2 > a[href="https://vimeo.com/76979871"]'));
  assert.is(x.d.querySelector('#video-2 button'), null);
  assert.ok(x.d.querySelector('#video-1 button'));
});

test.run();
