import './styles.css';

// The browser entry, a few hundred bytes. Everything on screen is already the server's HTML (links work as
// links, the treatments' Learn More are native <details>, the booking button waits to be live), so the
// page's code is fetched only after the page has loaded and painted: on a slow phone the text, the
// poster and the first paint never share the network or the CPU with it. start.tsx then hydrates.

function start(): void {
  // Two frames after the load event: the frame that paints what the load brought has been presented.
  requestAnimationFrame(() => requestAnimationFrame(() => void import('./start')));
}

if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
