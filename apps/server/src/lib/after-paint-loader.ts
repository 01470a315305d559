import { createHash } from 'node:crypto';

/**
 * The loader of a prerendered page's script. The page's content is already in its HTML, so the
 * script only makes it interactive: neither its download nor its evaluation should come before
 * the first contentful paint. Inline (no request of its own before the paint), it takes the
 * module's address from its `data-entry` attribute and loads it once the page has painted; a
 * hidden tab paints nothing and loads at once, and a browser without paint timing loads after
 * the next frame. Allowed by its hash in the Content-Security-Policy (`script-src`).
 */
export const AFTER_PAINT_LOADER = [
  '(function(){',
  "var entry=document.currentScript&&document.currentScript.getAttribute('data-entry');",
  'if(!entry)return;',
  'var loaded=false;',
  'function load(){if(loaded)return;loaded=true;',
  "var s=document.createElement('script');s.type='module';s.src=entry;document.head.appendChild(s);}",
  "if(document.visibilityState==='hidden')return load();",
  "if(typeof PerformanceObserver!=='function'||(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')<0)",
  'return requestAnimationFrame(function(){setTimeout(load,0);});',
  'var observer=new PerformanceObserver(function(list){',
  "if(!list.getEntries().some(function(e){return e.name==='first-contentful-paint';}))return;",
  'observer.disconnect();setTimeout(load,0);});',
  "observer.observe({type:'paint',buffered:true});",
  // Content that never paints (a tab hidden before its first frame) still becomes interactive.
  'setTimeout(load,3000);',
  '})();',
].join('');

/** The loader's hash source for `script-src`. */
export const AFTER_PAINT_LOADER_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

/** The element that loads the module at `entry` after the page has painted. */
export const afterPaintLoaderElement = (entry: string) =>
  `<script data-entry="${entry}">${AFTER_PAINT_LOADER}</script>`;
