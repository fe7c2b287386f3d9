import './styles.css';

// The browser entry, a few hundred bytes. Everything on screen is already the server's HTML (links work as
// links, the treatments' Learn More are native <details>, the booking button waits to be live), so the
// page's code is fetched only once the page has loaded and its largest paint has settled: on a slow phone
// the text, the poster and the first paint never share the network or the CPU with it. start.tsx then
// hydrates.

// Settled: a largest-contentful-paint entry has arrived and no newer one for three frames (the poster is
// painted a frame or two after the text). Without that entry type (older Safari) three frames after the
// load; a page that reports none starts after 120 frames (about 2 s).
let frames = 0;
let lastEntry = PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint') ? -1 : 0;
const observer = new PerformanceObserver(() => (lastEntry = frames));

function tick(): void {
  frames += 1;
  if ((lastEntry >= 0 && frames - lastEntry >= 3) || frames > 120) {
    observer.disconnect();
    void import('./start');
  } else requestAnimationFrame(tick);
}

function afterLoad(): void {
  if (lastEntry < 0) observer.observe({ type: 'largest-contentful-paint', buffered: true });
  requestAnimationFrame(tick);
}

if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad, { once: true });
