/**
 * studio.js, the owner's studio (issue 33): reads the page's data (`#studio-data`) and renders its page into
 * `main#studio`. Loaded only by the studio's own pages, never by a visitor's.
 */
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { readData } from './data';

const root = document.getElementById('studio');
const data = readData(document);
if (root && data) createRoot(root).render(<App data={data} />);
else if (root) root.textContent = 'The studio could not start: this page carries no studio data. Reload it.';
