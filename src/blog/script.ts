import { initAnchors } from './client/anchors';
import { initMenu } from './client/menu';
import { initComments, initWidgets } from './client/panels';
import { initStats } from './client/stats';
import { initVideos } from './client/videos';

/**
 * The blog script (spec 1.2, issue 6): enhances server-rendered pages that work without it. No hydration, no
 * framework: a few listeners. Comments are wired before anchors so a #comment-N hash opens the panel before the
 * target is focused.
 */
initMenu(document, window);
initComments(document, window);
initWidgets(document, window);
initAnchors(document, window);
initVideos(document);
initStats(document, window);
