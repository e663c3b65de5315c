/**
 * The live preview (docs/decisions/preview-and-stage.md): how the stage shows the form (desktop, a phone showing the
 * form, a phone showing the mobile banner), the language and direction of the page under it, and the stage itself.
 */
import { useState } from 'react';
import type { LoaderParams, RawSettings } from '../types';
import { isLangTag, type View } from './preview';
import { useStage } from './useStage';

const VIEWS: [View, string][] = [
  ['desktop', 'Desktop'],
  ['phone', 'Phone: the form'],
  ['banner', 'Phone: the banner'],
];

export interface PreviewOptions {
  view: View;
  lang: string;
  dir: 'ltr' | 'rtl';
}

/** The preview's own controls. */
function PreviewControls({ o, onChange }: { o: PreviewOptions; onChange: (o: PreviewOptions) => void }) {
  const [lang, setLang] = useState(o.lang);
  const bad = !isLangTag(lang.trim());
  const takeLang = () => !bad && lang.trim() !== o.lang && onChange({ ...o, lang: lang.trim() });
  return (
    <div className="preview-controls">
      <fieldset className="views">
        <legend>Preview</legend>
        {VIEWS.map(([v, label]) => (
          <label key={v} className="inline">
            <input
              type="radio"
              name="view"
              value={v}
              checked={o.view === v}
              onChange={() => onChange({ ...o, view: v })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="row">
        <label htmlFor="page-lang">Page language</label>
        <input
          id="page-lang"
          value={lang}
          maxLength={35}
          spellcheck={false}
          autoComplete="off"
          aria-invalid={bad ? 'true' : undefined}
          aria-describedby="page-lang-hint"
          onChange={(e) => setLang(e.currentTarget.value)}
          onBlur={takeLang}
          onKeyDown={(e) => e.key === 'Enter' && takeLang()}
        />
        <p id="page-lang-hint" className={bad ? 'problem' : 'hint'}>
          {bad ? 'Not a language tag: use one such as en, fr-CA or ar.' : 'A tag such as en, fr-CA or ar.'}
        </p>
      </div>
      <div className="row">
        <label htmlFor="page-dir">Page direction</label>
        <select
          id="page-dir"
          value={o.dir}
          onChange={(e) => onChange({ ...o, dir: e.currentTarget.value === 'rtl' ? 'rtl' : 'ltr' })}
        >
          <option value="ltr">Left to right</option>
          <option value="rtl">Right to left</option>
        </select>
      </div>
    </div>
  );
}

export interface StageProps {
  stage: string;
  globalKey: string;
  params: LoaderParams;
  settings: RawSettings;
  options: PreviewOptions;
  onOptions: (o: PreviewOptions) => void;
  onNote: (note: string) => void;
  /** What the stage shows, for its title: the draft or a version. */
  showing: string;
}

export function Stage(p: StageProps) {
  const { view, lang, dir } = p.options;
  const s = useStage({ ...p, view, lang, dir });
  return (
    <section className="preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Live preview</h2>
      <PreviewControls o={p.options} onChange={p.onOptions} />
      <p className={s.status.bad ? 'stage-status problem' : 'stage-status hint'}>
        {s.status.bad ? s.status.text : `Showing ${p.showing}. Preview mode: nothing is sent, a submit shows success.`}
      </p>
      <div className={`stage-box ${view}`}>
        <iframe key={s.frame} ref={s.ref} id="stage" title={`Preview of ${p.showing}`} src={s.src} onLoad={s.onLoad} />
      </div>
    </section>
  );
}
