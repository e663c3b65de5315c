import { initAnchors } from './client/anchors';
import { initMenu } from './client/menu';
import { initComments, initWidgets } from './client/panels';
import { initStats } from './client/stats';
import { initVideos } from './client/videos';

/**
 * The blog script (spec 1.2, issue 6): enhances server-rendered pages that work without it. No hydration, no
 * framework: a few listeners. The panels are wired first so their toggles are shown before the menu measures the
 * header (the 30 px rule counts the toggles' widths), and comments before anchors so a #comment-N hash opens the
 * panel before the target is focused.
 */
initComments(document, window);
initWidgets(document, window);
initMenu(document, window);
initAnchors(document, window);
initVideos(document);
initStats(document, window);
