/**
 * Agreement (issue 11): the popup and the provider read the same settings into the same model, so (a) every submit
 * the popup would send as valid is accepted by the provider's submit logic, and (b) every field error the provider can
 * answer names an input the popup shows. The popup's side is its own normaliser, rules, codec and URL; the provider's
 * is its form model as its cache makes it, its query reader and its pure judgement of a submit (collect.ts).
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Field } from '../../src/form-model/fields';
import { readForm } from '../../src/form-model/form';
import { carried, sent, type Placement } from '../../src/form-model/place';
import { errorText, message, STORE_MESSAGES } from '../../src/form-model/rules';
import { decode, encode, type Query, type Values } from '../../src/form-model/wire';
import { providerUrl } from '../../src/browser/urls';
import { outcome } from '../../src/popup/form/outcome';
import { normalize } from '../../src/popup/settings';
import { readQuery } from '../../src/server/http/query';
import { verdictOf, type Verdict } from '../../src/server/subscribe/collect';
import type { LoaderParams } from '../../src/types';
import { fuzzOptions, reached } from '../fuzz';
import { rawSettings, TYPES, typesIn, valuesOf } from './form-model-arb';
import { PARAMS } from '../params';

const P: LoaderParams = { ...PARAMS, uuid: 'acc0unt', lid: 'l1st', fId: 'f', cdn: '' };

/** The provider's verdict on a query the popup's URL carries, as form-post-json reaches it (routes.ts, submit.ts). */
const provider = (raw: Record<string, unknown>, q: Query, requireConsent: boolean): Verdict => {
  const r = readQuery(new URL('http:' + providerUrl(P, 'form-post-json', q)).searchParams);
  if (!r.ok) throw Error('the popup posted ' + r.repeated + ' twice');
  // The model as src/server/db/forms.ts makes it when the form enters its cache.
  const model = readForm(raw);
  return verdictOf(decode(r.values, carried(model.placement), P.uuid, P.lid), model, requireConsent);
};

/** What the popup does on a submit (src/popup/form/useSignupForm.ts `send`): the fields, their check, the query. */
const popupSubmit = (pl: Placement, values: Values, withSms: boolean, t: Record<string, string>) => {
  const fields = sent(pl, withSms);
  const ack = withSms && pl.ack;
  // The acknowledgement is ticked: the popup sends nothing until it is (spec 5.5).
  const valid = fields.every((f) => !errorText(f, values[f.name] || {}, t));
  return { fields, valid, q: encode(fields, { values, ack, honeypot: '' }, P.uuid, P.lid) };
};

/** The popup's paths to a submit: with the SMS phone, and the opt-out without it when the form offers one. */
const paths = (pl: Placement): boolean[] => (pl.sms && !pl.ack && pl.main.length ? [true, false] : [true]);

/** A generated form as both sides see it, values for every placed field, and the path taken. */
const submits = rawSettings().chain((raw) => {
  const s = normalize(raw);
  const pl = s.placement;
  return fc.record({
    raw: fc.constant(raw),
    values: valuesOf(carried(pl)),
    withSms: fc.constantFrom(...paths(pl)),
    requireConsent: fc.boolean(),
  });
});

/** Whether anything in `fields` names someone to subscribe: a filled e-mail address or SMS number. */
const someone = (fields: Field[], values: Values) =>
  fields.some((f) => f.row.role && (values[f.name][''] || '').trim());

test('the popup and the provider place the same fields, from any settings (property)', () => {
  const types: string[] = [];
  fc.assert(
    fc.property(rawSettings(), (raw) => {
      types.push(...typesIn(raw));
      const pl = normalize(raw).placement;
      const pv = readForm(raw).placement;
      const names = (x: Placement) => [
        x.main.map((f) => f.name),
        x.sms?.name,
        x.gdpr.map((f) => f.name),
        x.gdprOn,
        x.ack,
      ];
      assert.equal(names(pv), names(pl));
    }),
    fuzzOptions(500, 150),
  );
  reached(types, TYPES, 'field types');
});

test('(a) every submit the popup sends as valid is accepted (property)', () => {
  let accepted = 0;
  const types: string[] = [];
  const options = fuzzOptions(1500, 400);
  fc.assert(
    fc.property(submits, ({ raw, values, withSms, requireConsent }) => {
      types.push(...typesIn(raw));
      const s = normalize(raw);
      const pl = s.placement;
      const { fields, valid, q } = popupSubmit(pl, values, withSms, s.translations);
      if (!valid) return;
      const v = provider(raw, q, requireConsent);
      if (v.ok) {
        accepted++;
        return;
      }
      // The provider's own three rules beyond the form's (collect.ts), each answered where the popup shows it
      // (property b): an SMS number without a digit (the popup lets any SMS text through, spec 5.2), nobody to
      // subscribe, or no consent on a form that requires it.
      const sms = pl.sms && withSms && (values[pl.sms.name][''] || '').trim();
      if (sms && !/\d/.test(sms)) {
        assert.equal(v.errors, { [pl.sms!.mergeId]: message('smsphone', s.translations) });
        return;
      }
      if (!someone(fields, values)) {
        assert.is(v.msg, 'Please fix the highlighted fields and try again.');
        return;
      }
      assert.ok(requireConsent && pl.gdprOn && pl.gdpr.length, JSON.stringify(v));
      assert.is(v.type, 'gdpr_error');
    }),
    options,
  );
  reached(types, TYPES, 'field types');
  // The property held for real signups, not only for refusals: one in fifteen or more.
  assert.ok(accepted > options.numRuns / 15, `${accepted} accepted of ${options.numRuns}`);
});

test('(b) every field error the provider answers names an input the popup shows (property)', () => {
  // Anything a script can post: the popup's own query, with inputs dropped, emptied or replaced.
  const mangled = (q: Query) =>
    fc
      .array(fc.tuple(fc.constantFrom(...Object.keys(q)), fc.oneof(fc.constant(null), fc.string({ maxLength: 300 }))), {
        maxLength: 4,
      })
      .map((edits) => {
        const out = { ...q };
        for (const [k, v] of edits)
          if (v == null) delete out[k];
          else out[k] = v;
        return out;
      });
  const arb = submits.chain((x) => {
    const s = normalize(x.raw);
    const { q } = popupSubmit(s.placement, x.values, x.withSms, s.translations);
    return fc.record({ x: fc.constant(x), q: mangled(q) });
  });
  let named = 0;
  const types: string[] = [];
  const options = fuzzOptions(1500, 400);
  fc.assert(
    fc.property(arb, ({ x, q }) => {
      types.push(...typesIn(x.raw));
      // A filled honeypot is answered as a success (submit.ts): nothing to show.
      q[`b_${P.uuid}_${P.lid}`] = '';
      const s = normalize(x.raw);
      const pl = s.placement;
      const v = provider(x.raw, q, x.requireConsent);
      if (v.ok) return;
      // What the popup makes of the answer (src/popup/form/outcome.ts), with every field it placed.
      const o = outcome({ result: 'error', ...v }, carried(pl), pl.gdprOn, '', '');
      if (v.type === 'gdpr_error') {
        assert.ok(pl.gdprOn, 'a gdpr_error only when the GDPR block shows');
        assert.is(o.gdpr, STORE_MESSAGES.gdpr);
        return;
      }
      const shown = carried(pl);
      for (const [key, msg] of Object.entries(v.errors)) {
        const f = shown.find((g) => g.mergeId === key);
        assert.ok(f, `error ${key} names no field the popup shows`);
        assert.ok(o.marks && Object.values(o.marks).includes(msg), `the popup marks ${key} with ${msg}`);
        named++;
      }
    }),
    options,
  );
  reached(types, TYPES, 'field types');
  assert.ok(named > options.numRuns / 15, `${named} field errors of ${options.numRuns} runs`);
});

test.run();
