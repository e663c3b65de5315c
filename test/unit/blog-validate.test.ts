import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkComment, HONEYPOT, LIMITS, type CommentErrors } from '../../src/blog/comments/validate';

const form = (o: Record<string, string>) =>
  new URLSearchParams({
    author: 'Bo',
    email: 'bo@example.org',
    url: '',
    body: 'Hello',
    parent: '',
    [HONEYPOT]: '',
    ...o,
  });

test('checkComment: a filled honeypot is a trap, whatever else is there', () => {
  assert.equal(checkComment(form({ [HONEYPOT]: 'http://spam.test' })), { kind: 'trap' });
  assert.equal(checkComment(form({ [HONEYPOT]: ' ', author: '' })), { kind: 'trap' });
  // no honeypot field at all
  assert.is(checkComment(new URLSearchParams('author=Bo&email=bo%40example.org&body=x')).kind, 'ok');
});

test('checkComment: clean comments are trimmed, parent parsed', () => {
  assert.equal(checkComment(form({ author: '  Bo ', body: '\n Hi \n' })), {
    kind: 'ok',
    input: { author: 'Bo', email: 'bo@example.org', url: '', body: 'Hi', parent: '' },
    parent: 0,
  });
  const r = checkComment(form({ parent: '12', url: 'https://bo.example.org/me' }));
  assert.is(r.kind === 'ok' && r.parent, 12);
  // U+0000 is dropped (PostgreSQL cannot store it in text); a field of NULs alone is empty.
  const nul = checkComment(form({ author: 'B\u0000o', body: '\u0000Hi\u0000' }));
  assert.equal(nul.kind === 'ok' && [nul.input.author, nul.input.body], ['Bo', 'Hi']);
  assert.is(checkComment(form({ author: '\u0000' })).kind, 'invalid');
});

test('checkComment: each field gets a clear message', () => {
  const cases: [Record<string, string>, CommentErrors][] = [
    [{ author: '' }, { author: 'Please enter your name.' }],
    [{ author: 'x'.repeat(LIMITS.author + 1) }, { author: 'Your name can be at most 100 characters.' }],
    [{ email: '' }, { email: 'Please enter your e-mail address (it is not published).' }],
    [{ email: 'bo@' }, { email: 'Please enter a valid e-mail address, like name@example.com.' }],
    [{ email: 'bo@example' }, { email: 'Please enter a valid e-mail address, like name@example.com.' }],
    [{ email: 'b o@example.org' }, { email: 'Please enter a valid e-mail address, like name@example.com.' }],
    [
      { url: 'example.org' },
      { url: 'Please enter a website address starting with http:// or https://, or leave it empty.' },
    ],
    [
      { url: 'javascript:alert(1)' },
      { url: 'Please enter a website address starting with http:// or https://, or leave it empty.' },
    ],
    [
      { url: 'https://' + 'x'.repeat(200) + '.org' },
      { url: 'Please enter a website address starting with http:// or https://, or leave it empty.' },
    ],
    [{ body: '   ' }, { body: 'Please write a comment.' }],
    [{ body: 'x'.repeat(LIMITS.body + 1) }, { body: 'Your comment can be at most 5000 characters.' }],
    [{ parent: 'abc' }, { parent: 'The comment you replied to does not exist.' }],
    [{ parent: '0' }, { parent: 'The comment you replied to does not exist.' }],
    [
      { author: '', body: '' },
      { author: 'Please enter your name.', body: 'Please write a comment.' },
    ],
  ];
  for (const [o, errors] of cases) {
    const r = checkComment(form(o));
    assert.is(r.kind, 'invalid', JSON.stringify(o).slice(0, 60));
    if (r.kind === 'invalid') assert.equal(r.errors, errors, JSON.stringify(o).slice(0, 60));
  }
});

test('checkComment: limits are inclusive', () => {
  assert.is(checkComment(form({ author: 'x'.repeat(LIMITS.author), body: 'y'.repeat(LIMITS.body) })).kind, 'ok');
});

test.run();
