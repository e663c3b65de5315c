/**
 * What the server's studio page hands its script (STUDIO.md "Studio pages"): a JSON script element `#studio-data`,
 * read once.
 */
import type { Badge } from './preview';

export interface StudioData {
  page: 'home' | 'editor' | 'subscribers' | 'stats';
  lid?: string;
  fId?: string;
  /** The stage's path: '/studio/stage'. */
  stage: string;
  /** The window key popup.js publishes its API under ('__mcsf'). */
  globalKey: string;
  /** Production: the owner signed in, and may sign out. */
  production: boolean;
  /** This provider's powered-by badge, as its settings answers carry it. */
  badge?: Badge;
}

/** The page's data, or null when the element is missing or not JSON of that shape. */
export const readData = (doc: Document): StudioData | null => {
  const el = doc.getElementById('studio-data');
  try {
    const d = JSON.parse(el?.textContent || '') as StudioData;
    return d && typeof d.page === 'string' && typeof d.stage === 'string' ? d : null;
  } catch {
    return null;
  }
};

/** The studio's addresses. */
export const links = {
  home: '/studio',
  form: (lid: string, fId: string) => `/studio/forms/${encodeURIComponent(lid)}/${encodeURIComponent(fId)}`,
  stats: (lid: string, fId: string) => `/studio/forms/${encodeURIComponent(lid)}/${encodeURIComponent(fId)}/stats`,
  list: (lid: string) => `/studio/lists/${encodeURIComponent(lid)}`,
};
