import { createRoot } from 'react-dom/client';

// Placeholder until the admin screens land.
createRoot(document.getElementById('root')!).render(
  <main>
    <h1>Admin</h1>
  </main>,
);
